import { Close as CloseIcon } from '../../../components/icons';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useFormState, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatSyncTime } from '../../../lib/format';
import type { RestaurantFormValues } from '../form-values';
import type { RestaurantMeta } from '../use-restaurant-save';

type Props = {
  titleId: string;
  title: string;
  /** Shown when editing: who changed the restaurant last, and when. */
  meta?: RestaurantMeta;
  control: Control<RestaurantFormValues>;
  onSubmit: () => void;
  onClose: () => void;
};

/** The form's title bar: close, title, "Last changed by … at DD-MM-YYYY HH:mm", submit. */
export function FormToolbar({ titleId, title, meta, control, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const { isSubmitting } = useFormState({ control });
  const time = formatSyncTime(meta?.updated_at);
  return (
    <AppBar position="static" color="default" elevation={1}>
      <Toolbar sx={{ gap: 2 }}>
        <IconButton edge="start" aria-label={t('restaurant.dialog.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h1" noWrap>
            {title}
          </Typography>
          {meta && time && (
            <Typography variant="body2" color="text.secondary" data-testid="last-changed">
              {t('restaurant.dialog.lastChanged', {
                user: meta.updated_by ?? t('restaurant.dialog.unknownUser'),
                time,
              })}
            </Typography>
          )}
        </Box>
        <Button variant="contained" onClick={onSubmit} disabled={isSubmitting}>
          {t('restaurant.dialog.submit')}
        </Button>
      </Toolbar>
    </AppBar>
  );
}
