import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BYTES_PER_MB, THUMBNAIL_GUIDE } from '@cd/core';
import { AlertPopup } from '../../../components/alert-popup';
import { ImageCropper, ImageManager, useUploadImages } from '../../../components/media';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/api-client';
import type { RestaurantFormValues } from '../form-values';
import { useLockedBy } from './locked-context';
import { TextFormField } from './form-fields';

/** Restaurant images live in the image manager under action=restaurant, value=<food court id> (spec 001 §7). */
export const RESTAURANT_IMAGE_ACTION = 'restaurant';
const MAX_BYTES = (THUMBNAIL_GUIDE.image?.maxSizeMB ?? 1) * BYTES_PER_MB;

/** Images the cropper may read back (a canvas cannot export an image from another origin). */
function sameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.origin).origin === window.location.origin && /^(https?:\/\/|\/)/.test(url);
  } catch {
    return false;
  }
}

/** An address the browser can show: absolute, or a site path ('logos/…' is the apps' own default). */
const previewable = (url: string) => /^(https?:)?\/\//i.test(url) || url.startsWith('/');

/**
 * The thumbnail (spec 001 §3.1, §5.1): picked in the image manager (jpg, jpeg or png up to 1MB), or cropped
 * to a square in "Edit image" and uploaded to the food court's images; the stored value is the image's url.
 */
export function ThumbnailField({ foodcourt }: { foodcourt: string }) {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<RestaurantFormValues>();
  const snackbar = useSnackbar();
  const [dialog, setDialog] = useState<'manager' | 'cropper' | null>(null);
  const [failure, setFailure] = useState('');
  const upload = useUploadImages();
  // Spec 001 §6: the thumbnail carries a permission label.
  const locked = useLockedBy('thumbnail') !== '';

  const applyUrl = (url: string) => setValue('thumbnail', url, { shouldDirty: true, shouldValidate: false });

  const handleCropped = async (image: Blob, fileName: string) => {
    if (image.size > MAX_BYTES) {
      setFailure(t('restaurant.thumbnail.tooLarge'));
      return;
    }
    try {
      const file = new File([image], fileName, { type: image.type || 'image/png' });
      const [saved] = await upload.mutateAsync({ action: RESTAURANT_IMAGE_ACTION, value: foodcourt, files: [file] });
      if (!saved) throw new Error('no image answered');
      applyUrl(saved.url);
      setDialog(null);
      snackbar.show(t('restaurant.thumbnail.uploaded'), 'success');
    } catch (error) {
      console.error('thumbnail upload failed', error);
      setFailure(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('errorMsgs.general'));
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('restaurant.fields.thumbnail')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="flex-start">
        <Controller
          control={control}
          name="thumbnail"
          render={({ field }) =>
            field.value && previewable(field.value) ? (
              <Box
                component="img"
                src={field.value}
                alt={t('restaurant.thumbnail.preview')}
                data-testid="thumbnail-preview"
                sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
              />
            ) : (
              <Box
                sx={{
                  width: 96,
                  height: 96,
                  display: 'grid',
                  placeItems: 'center',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                }}
              >
                <Typography variant="caption" color="text.secondary">
                  {t('restaurant.thumbnail.noPreview')}
                </Typography>
              </Box>
            )
          }
        />
        <Box sx={{ flex: 1, width: '100%' }}>
          <TextFormField name="thumbnail" helperText={t('restaurant.thumbnail.help')} />
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button variant="outlined" onClick={() => setDialog('manager')} disabled={locked}>
              {t('restaurant.thumbnail.choose')}
            </Button>
            <Button variant="outlined" onClick={() => setDialog('cropper')} disabled={upload.isPending || locked}>
              {t('restaurant.thumbnail.edit')}
            </Button>
          </Stack>
        </Box>
      </Stack>
      <Controller
        control={control}
        name="thumbnail"
        render={({ field }) => (
          <>
            <ImageManager
              open={dialog === 'manager'}
              onClose={() => setDialog(null)}
              onSave={(url) => {
                applyUrl(url);
                setDialog(null);
              }}
              action={RESTAURANT_IMAGE_ACTION}
              value={foodcourt}
              guide={THUMBNAIL_GUIDE}
              title={t('restaurant.thumbnail.managerTitle')}
              initialUrl={previewable(field.value) ? field.value : undefined}
            />
            <ImageCropper
              open={dialog === 'cropper'}
              onClose={() => setDialog(null)}
              onSave={(image, fileName) => void handleCropped(image, fileName)}
              initialSrc={field.value && sameOrigin(field.value) ? field.value : undefined}
            />
          </>
        )}
      />
      <AlertPopup alertType="failure" alertPrimaryText={failure} onClose={() => setFailure('')} />
    </Box>
  );
}
