import { useEffect, useId, useState } from 'react';
import { ChevronLeft as ChevronLeftIcon, ChevronRight as ChevronRightIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BANNER_SLOT_SIZES, type BannerSlot } from '@cd/core';

export type PreviewBanner = {
  id: string;
  media: string;
  media_type?: 'image' | 'video';
  alt?: string;
  seconds?: number;
};

type Props = { open: boolean; onClose: () => void; name: string; slot: BannerSlot; banners: readonly PreviewBanner[] };

/** The largest box a slot's shape is drawn in (px). */
const BOX = { width: 520, height: 360 };

/** A slot's shape scaled down to fit the preview box, keeping its proportions. */
export function previewSize(slot: BannerSlot) {
  const size = BANNER_SLOT_SIZES[slot];
  const scale = Math.min(BOX.width / size.width, BOX.height / size.height, 1);
  return { width: Math.round(size.width * scale), height: Math.round(size.height * scale) };
}

/**
 * How a program's banners show in their slot: the slot's shape (BANNER_SLOT_SIZES, scaled down), the banners in
 * order as a carousel with Previous / Next and the position ("2 / 5"), each for its seconds while playing.
 */
export function BannerPreview({ open, onClose, name, slot, banners }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const count = banners.length;
  const index = count ? Math.min(at, count - 1) : 0;
  const banner = banners[index];
  const size = previewSize(slot);
  const full = BANNER_SLOT_SIZES[slot];
  const step = (by: number) => setAt((i) => (count ? (Math.min(i, count - 1) + by + count) % count : 0));

  // Playing: each banner stays its own seconds, then the next (round again after the last).
  useEffect(() => {
    if (!open || !playing || count < 2) return;
    const timer = setTimeout(() => step(1), Math.max(1, banner?.seconds ?? 6) * 1000);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- step only reads the count
  }, [open, playing, index, count, banner?.seconds]);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md">
      <DialogTitle id={titleId}>
        {t('banners.preview.title', { name: name || t('banners.preview.untitled') })}
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('banners.preview.slot', {
            slot: t(`banners.slot.${slot}`),
            width: full.width,
            height: full.height,
          })}
        </Typography>
        <Box
          role="region"
          aria-roledescription={t('banners.preview.carousel')}
          aria-label={t('banners.preview.shape', { slot: t(`banners.slot.${slot}`) })}
          data-width={size.width}
          data-height={size.height}
          sx={{
            width: size.width,
            height: size.height,
            maxWidth: '100%',
            mx: 'auto',
            bgcolor: 'grey.900',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            overflow: 'hidden',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {!banner ? (
            <Typography sx={{ color: 'grey.300', p: 2, textAlign: 'center' }}>{t('banners.preview.empty')}</Typography>
          ) : banner.media_type === 'video' ? (
            <Box
              component="video"
              key={banner.id}
              src={banner.media}
              aria-label={banner.alt || undefined}
              muted
              autoPlay={playing}
              loop
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <Box
              component="img"
              key={banner.id}
              src={banner.media}
              alt={banner.alt ?? ''}
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          )}
        </Box>
        <Stack direction="row" spacing={1} alignItems="center" justifyContent="center" sx={{ mt: 1.5 }}>
          <Button startIcon={<ChevronLeftIcon />} onClick={() => step(-1)} disabled={count < 2}>
            {t('banners.preview.previous')}
          </Button>
          <Typography aria-live="polite" data-testid="preview-position" sx={{ minWidth: 56, textAlign: 'center' }}>
            {count ? t('banners.preview.position', { at: index + 1, count }) : '0 / 0'}
          </Typography>
          <Button endIcon={<ChevronRightIcon />} onClick={() => step(1)} disabled={count < 2}>
            {t('banners.preview.next')}
          </Button>
          <Button variant="outlined" onClick={() => setPlaying((p) => !p)} disabled={count < 2}>
            {playing ? t('banners.preview.pause') : t('banners.preview.play')}
          </Button>
        </Stack>
        {banner && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: 'center' }}>
            {t('banners.preview.showsFor', { count: banner.seconds ?? 6 })}
            {banner.alt ? ` · ${banner.alt}` : ''}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('banners.preview.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
