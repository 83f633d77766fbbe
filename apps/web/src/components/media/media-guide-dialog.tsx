import { useEffect, useId, useRef, useState } from 'react';
import { DeleteOutline as DeleteOutlineIcon } from '../icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  assertMediaGuide,
  checkMediaCount,
  checkMediaFile,
  RESOLUTION_TOLERANCE_PX,
  type MediaFileError,
  type MediaGuide,
} from '@cd/core';
import { readMediaFacts } from './media-file-facts';

export type MediaGuideDialogProps = {
  open: boolean;
  guide: MediaGuide;
  onCancel: () => void;
  /** Called with the chosen files once every one of them meets the guide. */
  onUpload: (files: File[]) => void;
  /** While the caller uploads: Upload shows progress and is disabled. */
  uploading?: boolean;
};

type Entry = { id: number; file: File; errors: MediaFileError[] | null };

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** The `accept` list of the file input: every format the guide allows. */
export function acceptOf(guide: MediaGuide): string {
  return [...(guide.image?.formats ?? []), ...(guide.video?.formats ?? [])].map((f) => `.${f}`).join(',');
}

/**
 * Spec 001 §2.2, §5.1: lists what the guide allows, shows each chosen file with its own errors, and uploads
 * only when every file is valid and the count is within the maximum.
 */
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** 1920×1080 → '16:9'; no resolution, no fixed ratio. */
export function aspectOf(width?: number, height?: number): string | undefined {
  if (!width || !height) return undefined;
  const d = gcd(width, height);
  return `${width / d}:${height / d}`;
}

export function MediaGuideDialog({ open, guide, onCancel, onUpload, uploading = false }: MediaGuideDialogProps) {
  assertMediaGuide(guide);
  const { t } = useTranslation();
  const titleId = useId();
  const [entries, setEntries] = useState<Entry[]>([]);
  const nextId = useRef(0);

  useEffect(() => {
    if (open) setEntries([]);
  }, [open]);

  const addFiles = (files: File[]) => {
    const added = files.map((file) => ({ id: (nextId.current += 1), file, errors: null }));
    setEntries((current) => [...current, ...added]);
    for (const entry of added) {
      void readMediaFacts(entry.file).then((facts) => {
        const errors = checkMediaFile(facts, guide);
        setEntries((current) => current.map((e) => (e.id === entry.id ? { ...e, errors } : e)));
      });
    }
  };

  const countError = checkMediaCount(entries.length, guide);
  const checking = entries.some((e) => e.errors === null);
  const anyInvalid = entries.some((e) => (e.errors?.length ?? 0) > 0);
  const canUpload = entries.length > 0 && !checking && !anyInvalid && !countError && !uploading;

  const partLines = (kind: 'image' | 'video') => {
    const part = guide[kind];
    if (!part) return null;
    const lines = [
      t('media.guide.formats', { formats: part.formats.map((f) => f.toUpperCase()).join(', ') }),
      t('media.guide.maxSize', { size: part.maxSizeMB }),
      part.width !== undefined && part.height !== undefined
        ? t('media.guide.resolution', { width: part.width, height: part.height, tolerance: RESOLUTION_TOLERANCE_PX })
        : t('media.guide.anyResolution'),
    ];
    // Spec 001 §2.2: the guide lists the aspect ratio for images too; a fixed resolution fixes it.
    const ratio = kind === 'video' ? guide.video?.aspectRatio : aspectOf(part.width, part.height);
    lines.push(ratio ? t('media.guide.aspectRatio', { ratio }) : t('media.guide.anyAspectRatio'));
    return (
      <Box component="section" aria-label={t(kind === 'image' ? 'media.guide.images' : 'media.guide.videos')}>
        <Typography variant="subtitle2">{t(kind === 'image' ? 'media.guide.images' : 'media.guide.videos')}</Typography>
        <Box component="ul" sx={{ mt: 0.5, mb: 1, pl: 3 }}>
          {lines.map((line) => (
            <li key={line}>
              <Typography variant="body2">{line}</Typography>
            </li>
          ))}
        </Box>
      </Box>
    );
  };

  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('media.guide.title')}</DialogTitle>
      <DialogContent dividers>
        {partLines('image')}
        {partLines('video')}
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('media.guide.maxCount', { count: guide.maxCount })}
        </Typography>
        <Button component="label" variant="outlined">
          {t('media.guide.chooseFiles')}
          <input
            hidden
            multiple={guide.maxCount > 1}
            type="file"
            accept={acceptOf(guide)}
            aria-label={t('media.guide.chooseFiles')}
            onChange={(e) => {
              addFiles(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
        </Button>
        {countError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('media.errors.maxCountReached', { count: guide.maxCount })}
          </Alert>
        )}
        {anyInvalid && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('media.errors.imageGuideWarning')}
          </Alert>
        )}
        {entries.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('media.guide.noFiles')}
          </Typography>
        ) : (
          <List dense aria-label={t('media.guide.chosenFiles')}>
            {entries.map((entry) => (
              <ListItem
                key={entry.id}
                aria-label={entry.file.name}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('media.guide.remove', { name: entry.file.name })}
                    onClick={() => setEntries((current) => current.filter((e) => e.id !== entry.id))}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={`${entry.file.name} (${formatBytes(entry.file.size)})`}
                  secondary={
                    entry.errors === null
                      ? t('media.guide.checking')
                      : entry.errors.length === 0
                        ? t('media.guide.fileOk')
                        : entry.errors.map((e) => t(`media.errors.${e}`)).join(', ')
                  }
                  slotProps={{
                    secondary: { color: entry.errors?.length ? 'error' : 'text.secondary', role: 'status' },
                  }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('media.common.cancel')}</Button>
        <Button variant="contained" disabled={!canUpload} onClick={() => onUpload(entries.map((e) => e.file))}>
          {uploading ? t('media.guide.uploading') : t('media.guide.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
