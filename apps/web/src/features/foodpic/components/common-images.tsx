import { useCallback, useState } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  COMMON_ITEM_IMAGES_ACTION,
  COMMON_ITEM_IMAGES_VALUE,
  IMAGE_MANAGER_ACTIONS,
  type ImageManagerItem,
} from '@cd/core';
import { MediaLibrary } from '../../../components/media';

/**
 * The common item image library (image manager action commonItemImages, value common): search, upload, edit and
 * delete pictures any restaurant's items may use; choosing one shows its address to paste into an item.
 */
export function CommonImages() {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<ImageManagerItem | null>(null);
  const isSelected = useCallback((item: ImageManagerItem) => item.id === chosen?.id, [chosen]);
  const toggle = useCallback(
    (item: ImageManagerItem) => setChosen((current) => (current?.id === item.id ? null : item)),
    [],
  );
  const dropped = useCallback(
    (item: ImageManagerItem) => setChosen((current) => (current?.id === item.id ? null : current)),
    [],
  );
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('foodpic.common.intro')}</Typography>
      <MediaLibrary
        action={COMMON_ITEM_IMAGES_ACTION}
        value={COMMON_ITEM_IMAGES_VALUE}
        guide={IMAGE_MANAGER_ACTIONS[COMMON_ITEM_IMAGES_ACTION]!.guide}
        isSelected={isSelected}
        onToggle={toggle}
        onDeleted={dropped}
        height="60vh"
      />
      {chosen && (
        <TextField
          label={t('foodpic.common.address')}
          value={chosen.url}
          size="small"
          slotProps={{ htmlInput: { readOnly: true } }}
          onFocus={(event) => event.target.select()}
        />
      )}
    </Stack>
  );
}
