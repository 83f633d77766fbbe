import { useCallback, useEffect, useId, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../number-input';
import {
  clampRotation,
  clampZoom,
  CROP_ROTATION_MAX,
  CROP_ROTATION_MIN,
  CROP_SIZE_MAX,
  CROP_SIZE_MIN,
  CROP_ZOOM_MAX,
  CROP_ZOOM_MIN,
  CROP_ZOOM_STEP,
  DEFAULT_CROP_SIZE,
  parseCropSize,
} from '@cd/core';
import { AlertPopup } from '../alert-popup';
import { cropSquare } from './crop-image';

export type ImageCropperProps = {
  open: boolean;
  onClose: () => void;
  /** The cropped square, `width` pixels wide, and a file name for it. */
  onSave: (image: Blob, fileName: string) => void;
  /** An image to start from (an address the browser may read, e.g. same-origin /files/…). */
  initialSrc?: string;
  /** Square width in pixels (spec 001 §9: 200). */
  defaultWidth?: number;
};

type Source = { src: string; name: string; type: string; revoke: boolean };

const baseName = (name: string) => name.replace(/\.[^.]*$/, '') || 'image';

/** Spec 001 §2.2 "Edit image": zoom 0.1–10 (step 0.01), rotation 0–360, a square width, drop or pick a file. */
export function ImageCropper({
  open,
  onClose,
  onSave,
  initialSrc,
  defaultWidth = DEFAULT_CROP_SIZE,
}: ImageCropperProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [source, setSource] = useState<Source | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [widthText, setWidthText] = useState(String(defaultWidth));
  const [area, setArea] = useState<Area | null>(null);
  const [dragging, setDragging] = useState(false);
  const [saving, setSaving] = useState(false);
  const [warning, setWarning] = useState('');

  // Each opening starts afresh from the given image.
  useEffect(() => {
    if (!open) return;
    setSource(
      initialSrc ? { src: initialSrc, name: initialSrc.split('/').pop() ?? 'image', type: '', revoke: false } : null,
    );
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setRotation(0);
    setWidthText(String(defaultWidth));
    setArea(null);
  }, [open, initialSrc, defaultWidth]);

  useEffect(
    () => () => {
      if (source?.revoke) URL.revokeObjectURL(source.src);
    },
    [source],
  );

  const width = parseCropSize(widthText);

  const takeFile = useCallback(
    (file: File | undefined) => {
      if (!file) return;
      if (!file.type.startsWith('image/')) {
        setWarning(t('media.errors.editingNotAllowed'));
        return;
      }
      setSource({ src: URL.createObjectURL(file), name: file.name, type: file.type, revoke: true });
      setArea(null);
      setZoom(1);
      setRotation(0);
    },
    [t],
  );

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    takeFile(event.dataTransfer.files[0]);
  };

  const save = async () => {
    if (!source || !area || width === null) return;
    setSaving(true);
    try {
      const type = source.type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
      const blob = await cropSquare(source.src, area, rotation, width, type);
      onSave(blob, `${baseName(source.name)}.${type === 'image/jpeg' ? 'jpg' : 'png'}`);
    } catch (error) {
      console.error('Image cropper failed', error);
      setWarning(t('media.errors.editingNotAllowed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>{t('media.cropper.title')}</DialogTitle>
        <DialogContent dividers>
          <Box
            role="group"
            aria-label={t('media.cropper.dropZone')}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            sx={{
              position: 'relative',
              height: 300,
              border: 2,
              borderStyle: 'dashed',
              borderColor: dragging ? 'primary.main' : 'divider',
              borderRadius: 1,
              bgcolor: 'action.hover',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              overflow: 'hidden',
            }}
          >
            {source ? (
              <Cropper
                image={source.src}
                crop={crop}
                zoom={zoom}
                rotation={rotation}
                aspect={1}
                minZoom={CROP_ZOOM_MIN}
                maxZoom={CROP_ZOOM_MAX}
                restrictPosition={zoom >= 1}
                onCropChange={setCrop}
                onZoomChange={(z) => setZoom(clampZoom(z))}
                onRotationChange={(r) => setRotation(clampRotation(r))}
                onCropComplete={(_area, pixels) => setArea(pixels)}
                mediaProps={{ crossOrigin: 'anonymous' }}
              />
            ) : (
              <Typography color="text.secondary">{t('media.cropper.dropHere')}</Typography>
            )}
          </Box>
          <Stack spacing={2} sx={{ mt: 2 }}>
            <Button component="label" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
              {t('media.cropper.chooseImage')}
              <input
                hidden
                type="file"
                accept="image/*"
                aria-label={t('media.cropper.chooseImage')}
                onChange={(e) => {
                  takeFile(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </Button>
            <Box>
              <Typography id={`${titleId}-zoom`} gutterBottom>
                {t('media.cropper.zoom')}
              </Typography>
              <Slider
                aria-labelledby={`${titleId}-zoom`}
                value={zoom}
                min={CROP_ZOOM_MIN}
                max={CROP_ZOOM_MAX}
                step={CROP_ZOOM_STEP}
                valueLabelDisplay="auto"
                onChange={(_e, v) => setZoom(clampZoom(v as number))}
                disabled={!source}
              />
            </Box>
            <Box>
              <Typography id={`${titleId}-rotation`} gutterBottom>
                {t('media.cropper.rotation')}
              </Typography>
              <Slider
                aria-labelledby={`${titleId}-rotation`}
                value={rotation}
                min={CROP_ROTATION_MIN}
                max={CROP_ROTATION_MAX}
                step={1}
                valueLabelDisplay="auto"
                onChange={(_e, v) => setRotation(clampRotation(v as number))}
                disabled={!source}
              />
            </Box>
            <NumberInput
              label={t('media.cropper.width')}
              value={widthText}
              onChange={(e) => setWidthText(e.target.value)}
              error={width === null}
              helperText={
                width === null
                  ? t('media.cropper.widthInvalid', { min: CROP_SIZE_MIN, max: CROP_SIZE_MAX })
                  : t('media.cropper.widthHelper', { min: CROP_SIZE_MIN, max: CROP_SIZE_MAX })
              }
              inputProps={{ min: CROP_SIZE_MIN, max: CROP_SIZE_MAX, step: 1 }}
              sx={{ maxWidth: 200 }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('media.common.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={!source || !area || width === null || saving}
          >
            {t('media.cropper.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <AlertPopup alertType="warning" alertPrimaryText={warning} onClose={() => setWarning('')} />
    </>
  );
}
