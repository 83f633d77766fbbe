import { useCallback, useEffect, useId, useState } from 'react';
import { Close as CloseIcon } from '../icons';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { SNACKBAR_MS, THUMBNAIL_GUIDE, type ImageManagerItem, type MediaGuide } from '@cd/core';
import { MediaLibrary } from './media-library';
import { sameMedia } from './media-url';

export type ImageManagerProps = {
  open: boolean;
  onClose: () => void;
  /** "Save image": the chosen image's url (and its record). */
  onSave: (url: string, item: ImageManagerItem | null) => void;
  /** imagemanager action and value (spec 001 §7): restaurant + food court id, sub_menu + submenu_image, … */
  action: string;
  value: string;
  /** Default: thumbnails, jpg/jpeg/png up to 1MB (spec 001 §5.1). */
  guide?: MediaGuide;
  title?: string;
  /** The image currently in use, shown selected. */
  initialUrl?: string;
  /** Success snackbar after an upload (the restaurant form); submenus only refresh the list. */
  notifyUploadSuccess?: boolean;
};

/** Spec 001 §2.2 image manager: pick one image from a searchable grid, upload, edit, then Save image. */
export function ImageManager({
  open,
  onClose,
  onSave,
  action,
  value,
  guide = THUMBNAIL_GUIDE,
  title,
  initialUrl,
  notifyUploadSuccess = true,
}: ImageManagerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [chosen, setChosen] = useState<{ url: string; item: ImageManagerItem | null } | null>(null);
  const [warnEmpty, setWarnEmpty] = useState(false);

  useEffect(() => {
    if (open) setChosen(initialUrl ? { url: initialUrl, item: null } : null);
  }, [open, initialUrl]);

  const chosenUrl = chosen?.url;
  const isSelected = useCallback((item: ImageManagerItem) => sameMedia(item.url, chosenUrl), [chosenUrl]);
  // Picking the chosen tile again clears the choice.
  const toggle = useCallback(
    (item: ImageManagerItem) => setChosen((c) => (sameMedia(c?.url, item.url) ? null : { url: item.url, item })),
    [],
  );
  const drop = useCallback((item: ImageManagerItem) => setChosen((c) => (sameMedia(c?.url, item.url) ? null : c)), []);

  const save = () => {
    if (!chosen) {
      setWarnEmpty(true);
      return;
    }
    onSave(chosen.url, chosen.item);
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title ?? t('media.manager.title')}
      </DialogTitle>
      <IconButton
        aria-label={t('media.common.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {open && (
          <MediaLibrary
            action={action}
            value={value}
            guide={guide}
            isSelected={isSelected}
            onToggle={toggle}
            onDeleted={drop}
            notifyUploadSuccess={notifyUploadSuccess}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('media.common.cancel')}</Button>
        <Button variant="contained" onClick={save}>
          {t('media.manager.saveImage')}
        </Button>
      </DialogActions>
      <Snackbar
        open={warnEmpty}
        autoHideDuration={SNACKBAR_MS}
        onClose={() => setWarnEmpty(false)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert severity="warning" variant="filled" onClose={() => setWarnEmpty(false)}>
          {t('media.manager.selectImage')}
        </Alert>
      </Snackbar>
    </Dialog>
  );
}
