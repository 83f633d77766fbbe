import { useEffect, useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { MEDIA_NAME_MAX, type ImageManagerItem } from '@cd/core';
import { ConfirmPopup } from '../confirm-popup';
import { useDeleteImage, useUpdateImage } from './api';

export type MediaEditDialogProps = {
  /** The item being edited; null closes the dialog. */
  item: ImageManagerItem | null;
  onClose: () => void;
  onSaved?: (item: ImageManagerItem) => void;
  onDeleted?: (item: ImageManagerItem) => void;
  /** Editor errors go to the caller's warning pop-up (spec 000 §2.4). */
  onError: (error: unknown) => void;
};

/** Per-image edit (spec 001 §2.2): name and keywords, or delete after a confirmation. */
export function MediaEditDialog({ item, onClose, onSaved, onDeleted, onError }: MediaEditDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [name, setName] = useState('');
  const [keywords, setKeywords] = useState('');
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (!item) return;
    setName(item.name);
    setKeywords(item.keywords.join(', '));
    setConfirming(false);
  }, [item]);

  const update = useUpdateImage({
    onSuccess: (saved) => {
      onSaved?.(saved);
      onClose();
    },
  });
  const remove = useDeleteImage({
    onSuccess: (gone) => {
      onDeleted?.(gone);
      onClose();
    },
  });
  const busy = update.isPending || remove.isPending;

  const save = () => {
    if (!item) return;
    update.mutate(
      {
        id: item.id,
        body: { name: name.trim() || item.name, keywords, version: item.version },
      },
      { onError },
    );
  };

  return (
    <>
      <Dialog open={item !== null && !confirming} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{t('media.edit.title')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              label={t('media.edit.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: MEDIA_NAME_MAX } }}
            />
            <TextField
              label={t('media.edit.keywords')}
              helperText={t('media.edit.keywordsHelper')}
              value={keywords}
              onChange={(e) => setKeywords(e.target.value)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="error" onClick={() => setConfirming(true)} disabled={busy} sx={{ mr: 'auto' }}>
            {t('media.edit.delete')}
          </Button>
          <Button onClick={onClose}>{t('media.common.cancel')}</Button>
          <Button variant="contained" onClick={save} disabled={busy}>
            {t('media.edit.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmPopup
        open={item !== null && confirming}
        type="warning"
        title={t('media.edit.deleteTitle')}
        primaryText={t('media.edit.deletePrimary', { name: item?.name ?? '' })}
        secondaryText={t('media.edit.deleteSecondary')}
        onPositive={() => {
          if (item) remove.mutate(item, { onError });
          setConfirming(false);
        }}
        onNegative={() => setConfirming(false)}
      />
    </>
  );
}
