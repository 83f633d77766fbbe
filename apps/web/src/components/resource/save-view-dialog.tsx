import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { SAVED_VIEW_NAME_MAX, type SavedView } from '@cd/core';
import { ApiError } from '../../lib/api-client';
import { describeError } from '../../lib/server-message';

type Values = { name: string; shared_with_profile: number | null };
type Props = {
  /** The view renamed or re-shared; none when saving the current one. */
  view?: SavedView;
  /** The permission profiles the user may share with. */
  profiles: { id: number; name: string }[];
  save: (values: Values) => Promise<void>;
  onClose: () => void;
};

const ONLY_ME = 'me';

/** Names a view and says who sees it: the user alone, or the users of a permission profile. */
export function SaveViewDialog({ view, profiles, save, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState(view?.name ?? '');
  const [share, setShare] = useState(view?.shared_with_profile ? String(view.shared_with_profile) : ONLY_ME);
  const [error, setError] = useState<{ field?: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // A profile the view is shared with stays a choice even when the user may no longer pick it.
  const choices =
    view?.shared_with_profile && !profiles.some((p) => p.id === view.shared_with_profile)
      ? [...profiles, { id: view.shared_with_profile, name: view.shared_with_profile_name ?? '' }]
      : profiles;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError({ field: 'name', text: t('resource.views.nameRequired') });
    setBusy(true);
    setError(null);
    try {
      await save({ name: name.trim(), shared_with_profile: share === ONLY_ME ? null : Number(share) });
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.extras.field : undefined;
      setError({ field: typeof field === 'string' ? field : undefined, text: describeError(failure, i18n) });
    } finally {
      setBusy(false);
    }
  };
  const under = (field: string) => (error?.field === field ? error.text : undefined);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="save-view-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="save-view-title">
          {view ? t('resource.views.editTitle', { name: view.name }) : t('resource.views.saveTitle')}
        </DialogTitle>
        <DialogContent>
          {!view && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('resource.views.saveHint')}
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            required
            margin="dense"
            label={t('resource.views.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(under('name'))}
            helperText={under('name')}
            slotProps={{ htmlInput: { maxLength: SAVED_VIEW_NAME_MAX } }}
          />
          <TextField
            select
            fullWidth
            margin="dense"
            label={t('resource.views.shareWith')}
            value={share}
            onChange={(event) => setShare(event.target.value)}
            error={Boolean(under('shared_with_profile'))}
            helperText={under('shared_with_profile') ?? t('resource.views.shareHint')}
          >
            <MenuItem value={ONLY_ME}>{t('resource.views.onlyMe')}</MenuItem>
            {choices.map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {t('resource.views.profile', { name: p.name })}
              </MenuItem>
            ))}
          </TextField>
          {error && !error.field?.match(/^(name|shared_with_profile)$/) && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {error.text}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('resource.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('resource.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
