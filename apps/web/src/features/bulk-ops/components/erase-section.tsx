import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { DeleteSweep as DeleteSweepIcon } from '../../../components/icons';
import { useTranslation } from 'react-i18next';
import type { StartRequest } from '../api';
import { RestaurantPicker } from '../../../components';
import type { RestaurantChoice } from '../../../lib/restaurant-choices';
import { Section } from './section';

type Props = {
  choices: RestaurantChoice[];
  starting: boolean;
  onStart: (request: StartRequest, done: () => void) => void;
};

/** Erase a restaurant's whole menu, once the user has typed the restaurant's name (fine permission erase_menu). */
export function EraseSection({ choices, starting, onStart }: Props) {
  const { t } = useTranslation();
  const [restaurant, setRestaurant] = useState<string>();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const chosen = choices.find((c) => c.restaurant === restaurant);
  const name = chosen?.name ?? '';
  const confirmed = Boolean(chosen) && typed.trim() === name;

  const close = () => {
    setOpen(false);
    setTyped('');
  };
  const erase = () => {
    if (chosen && confirmed) onStart({ op: 'erase', restaurant: chosen.restaurant }, close);
  };

  return (
    <Section title={t('bulkOps.erase.heading')} hint={t('bulkOps.erase.hint')}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <RestaurantPicker
          label={t('bulkOps.erase.restaurant')}
          choices={choices}
          value={restaurant}
          onChange={setRestaurant}
          minWidth={280}
        />
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteSweepIcon />}
          disabled={!chosen}
          onClick={() => setOpen(true)}
        >
          {t('bulkOps.erase.submit')}
        </Button>
      </Box>
      <Dialog open={open} onClose={close} aria-labelledby="erase-menu-title" fullWidth maxWidth="xs">
        <DialogTitle id="erase-menu-title">{t('bulkOps.erase.dialogTitle', { name })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('bulkOps.erase.dialogText', { name })}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            size="small"
            label={t('bulkOps.erase.confirmLabel')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') erase();
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('bulkOps.erase.cancel')}</Button>
          <Button color="error" variant="contained" disabled={!confirmed || starting} onClick={erase}>
            {t('bulkOps.erase.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
