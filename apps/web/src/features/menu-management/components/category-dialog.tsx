import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components';

type Props = {
  title: string;
  initialName: string;
  saving: boolean;
  /** The last failed save, shown above the field. */
  error: string;
  onSave: (name: string) => void;
  onClose: () => void;
};

/** Add or rename a category: one name field. */
export function CategoryDialog({ title, initialName, saving, error, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const empty = name.trim() === '';

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (empty || saving) return;
    onSave(name.trim());
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextInput
            label={t('menuManagement.categories.name')}
            value={name}
            autoFocus
            onChange={(event) => setName(event.target.value)}
            error={touched && empty}
            helperText={touched && empty ? t('menuManagement.categories.emptyName') : undefined}
            inputProps={{ maxLength: 80 }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('menuManagement.common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {t('menuManagement.common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
