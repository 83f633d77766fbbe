import { memo } from 'react';
import { Edit as EditIcon, PlayCircleOutline as PlayCircleOutlineIcon } from '../icons';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { mediaTypeOfItem, type ImageManagerItem } from '@cd/core';

export type MediaGridProps = {
  items: ImageManagerItem[];
  /** Whether a tile is chosen. */
  isSelected: (item: ImageManagerItem) => boolean;
  onToggle: (item: ImageManagerItem) => void;
  onEdit?: (item: ImageManagerItem) => void;
  /** Spec 000 §9: the media list is 65vh high. */
  height?: string;
};

/** Tiles of images and videos (re-rendered only when its props change); a tile is a toggle button (aria-pressed) and the chosen ones are outlined. */
export const MediaGrid = memo(function MediaGrid({
  items,
  isSelected,
  onToggle,
  onEdit,
  height = '65vh',
}: MediaGridProps) {
  const { t } = useTranslation();
  return (
    <Box
      role="group"
      aria-label={t('media.manager.grid')}
      sx={{
        height,
        overflowY: 'auto',
        display: 'grid',
        // Spec 001 §2.2: three columns on medium screens.
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
        gridAutoRows: 'min-content',
        gap: 1.5,
        p: 0.5,
      }}
    >
      {items.map((item) => {
        const chosen = isSelected(item);
        const type = mediaTypeOfItem(item);
        return (
          <Box
            key={item.id}
            sx={{
              border: 3,
              borderColor: chosen ? 'primary.main' : 'transparent',
              borderRadius: 1,
              bgcolor: chosen ? 'action.selected' : 'background.paper',
              boxShadow: 1,
              overflow: 'hidden',
            }}
          >
            <ButtonBase
              aria-pressed={chosen}
              aria-label={item.name}
              onClick={() => onToggle(item)}
              sx={{ width: '100%', aspectRatio: '4 / 3', bgcolor: 'grey.100', display: 'block' }}
            >
              {type === 'video' ? (
                <Box sx={{ position: 'relative', width: '100%', height: '100%' }}>
                  <Box
                    component="video"
                    src={item.url}
                    muted
                    preload="metadata"
                    sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
                  />
                  <PlayCircleOutlineIcon
                    titleAccess={t('media.manager.video')}
                    sx={{ position: 'absolute', inset: 0, m: 'auto', fontSize: 48, color: 'common.white' }}
                  />
                </Box>
              ) : (
                <Box
                  component="img"
                  src={item.url}
                  alt=""
                  loading="lazy"
                  sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
                />
              )}
            </ButtonBase>
            <Box sx={{ display: 'flex', alignItems: 'center', px: 1, py: 0.5, gap: 0.5 }}>
              <Typography variant="caption" noWrap title={item.name} sx={{ flex: 1 }}>
                {item.name}
                {item.width && item.height ? ` · ${item.width}x${item.height}` : ''}
              </Typography>
              {onEdit && (
                <IconButton
                  size="small"
                  aria-label={t('media.manager.edit', { name: item.name })}
                  onClick={() => onEdit(item)}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
});
