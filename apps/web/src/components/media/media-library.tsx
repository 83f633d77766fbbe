import { useEffect, useMemo, useState } from 'react';
import { Crop as CropIcon, Upload as UploadIcon } from '../icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { checkMediaFile, SEARCH_DEBOUNCE_MS, SNACKBAR_MS, type ImageManagerItem, type MediaGuide } from '@cd/core';
import { ApiError } from '../../lib/api-client';
import { AlertPopup } from '../alert-popup';
import { useImageList, useUploadImages } from './api';
import { ImageCropper } from './image-cropper';
import { MediaEditDialog } from './media-edit-dialog';
import { readMediaFacts } from './media-file-facts';
import { MediaGrid } from './media-grid';
import { MediaGuideDialog } from './media-guide-dialog';
import { matchesMediaSearch } from './media-search';
import { useDebouncedValue } from './use-debounced-value';

export type MediaLibraryProps = {
  /** The imagemanager action and value (spec 001 §7), e.g. restaurant + food court id. */
  action: string;
  value: string;
  guide: MediaGuide;
  isSelected: (item: ImageManagerItem) => boolean;
  onToggle: (item: ImageManagerItem) => void;
  /** An item was deleted: the caller drops it from its selection. */
  onDeleted?: (item: ImageManagerItem) => void;
  /** Spec 001 §7: the restaurant form shows a success snackbar after an upload; submenus only refresh. */
  notifyUploadSuccess?: boolean;
  height?: string;
};

/** The server's message, else the general error text (spec README ruling on image list/upload failures). */
export function failureText(error: unknown, general: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : general;
}

/**
 * The searchable list of one action/value with upload (through the media guide), crop-and-upload and
 * per-item edit. List and upload failures show a failure alert and are logged; editor errors a warning.
 */
export function MediaLibrary({
  action,
  value,
  guide,
  isSelected,
  onToggle,
  onDeleted,
  notifyUploadSuccess = true,
  height = '65vh',
}: MediaLibraryProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [keywords, setKeywords] = useState('');
  const [guideOpen, setGuideOpen] = useState(false);
  const [cropperOpen, setCropperOpen] = useState(false);
  const [editing, setEditing] = useState<ImageManagerItem | null>(null);
  const [failure, setFailure] = useState('');
  const [warning, setWarning] = useState('');
  const [notice, setNotice] = useState('');

  const list = useImageList(action, value);
  const upload = useUploadImages({
    onSuccess: () => {
      setGuideOpen(false);
      setCropperOpen(false);
      if (notifyUploadSuccess) setNotice(t('media.manager.uploaded'));
    },
  });

  const general = t('errorMsgs.general');
  useEffect(() => {
    if (!list.error) return;
    console.error('Image list failed', list.error);
    setFailure(failureText(list.error, general));
  }, [list.error, general]);

  const startUpload = (files: File[]) => {
    upload.mutate(
      { action, value, keywords, files },
      {
        onError: (error) => {
          console.error('Image upload failed', error);
          setFailure(failureText(error, general));
        },
      },
    );
  };

  /** A cropped image must meet the guide like any chosen file. */
  const uploadCropped = async (blob: Blob, fileName: string) => {
    const file = new File([blob], fileName, { type: blob.type });
    const errors = checkMediaFile(await readMediaFacts(file), guide);
    if (errors.length > 0) {
      setWarning(errors.map((e) => t(`media.errors.${e}`)).join(', '));
      return;
    }
    startUpload([file]);
  };

  const editorError = (error: unknown) => {
    console.error('Media editor failed', error);
    setWarning(failureText(error, general));
  };

  const items = useMemo(
    () => (list.data ?? []).filter((item) => matchesMediaSearch(item, debounced)),
    [list.data, debounced],
  );

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1.5 }} alignItems="flex-start">
        <TextField
          size="small"
          type="search"
          label={t('media.manager.search')}
          helperText={t('media.manager.searchHelper')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ flex: 1 }}
        />
        <TextField
          size="small"
          label={t('media.manager.keywords')}
          helperText={t('media.manager.keywordsHelper')}
          value={keywords}
          onChange={(e) => setKeywords(e.target.value)}
          sx={{ flex: 1 }}
        />
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setGuideOpen(true)}>
          {t('media.manager.upload')}
        </Button>
        {guide.image && (
          <Button variant="outlined" startIcon={<CropIcon />} onClick={() => setCropperOpen(true)}>
            {t('media.manager.editImage')}
          </Button>
        )}
      </Stack>
      {list.isPending && !list.error ? (
        <Box sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <CircularProgress aria-label={t('media.common.loading')} />
        </Box>
      ) : items.length === 0 ? (
        <Box sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Typography color="text.secondary">
            {(list.data?.length ?? 0) > 0 ? t('media.manager.noMatch') : t('media.manager.empty')}
          </Typography>
        </Box>
      ) : (
        <MediaGrid items={items} isSelected={isSelected} onToggle={onToggle} onEdit={setEditing} height={height} />
      )}

      <MediaGuideDialog
        open={guideOpen}
        guide={guide}
        onCancel={() => setGuideOpen(false)}
        onUpload={startUpload}
        uploading={upload.isPending}
      />
      <ImageCropper
        open={cropperOpen}
        onClose={() => setCropperOpen(false)}
        onSave={(blob, fileName) => void uploadCropped(blob, fileName)}
      />
      <MediaEditDialog item={editing} onClose={() => setEditing(null)} onDeleted={onDeleted} onError={editorError} />
      <AlertPopup alertType="failure" alertPrimaryText={failure} onClose={() => setFailure('')} />
      <AlertPopup alertType="warning" alertPrimaryText={warning} onClose={() => setWarning('')} />
      <Snackbar
        open={notice !== ''}
        autoHideDuration={SNACKBAR_MS}
        onClose={() => setNotice('')}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={() => setNotice('')}>
          {notice}
        </Alert>
      </Snackbar>
    </Box>
  );
}
