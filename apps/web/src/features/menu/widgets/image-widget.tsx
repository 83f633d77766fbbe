import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { imageManagerAction } from '@cd/core';
import { MediaChooser } from '../../../components/media/media-chooser';
import { useItemEditor } from '../editor/editor-context';
import type { ItemFormValues } from '../editor/form-values';
import type { WidgetProps } from './types';

const MENU_ITEM_IMAGES = 'menu_item';
const fileName = (url: string) => decodeURIComponent(url.split(/[?#]/)[0]?.split('/').pop() ?? '');

/** The item image: chosen, uploaded or entered as a URL in the media chooser (jpg, png, jpeg; 1 MB). */
export function ImageWidget({ def, disabled }: WidgetProps) {
  const { t } = useTranslation();
  const { restaurant } = useItemEditor();
  const { control, setValue } = useFormContext<ItemFormValues>();
  const url = useWatch({ control, name: 'imageurl' });
  const set = (next: string) => {
    const opts = { shouldDirty: true };
    setValue('imageurl', next, opts);
    setValue('imagename', next ? fileName(next) : '', opts);
    setValue('imagesource', next ? MENU_ITEM_IMAGES : '', opts);
  };
  return (
    <Box>
      <MediaChooser
        id="menu-item-image"
        header={def.label}
        value={url || null}
        onChange={(value) => set(typeof value === 'string' ? value : (value[0] ?? ''))}
        guide={imageManagerAction(MENU_ITEM_IMAGES).guide}
        action={MENU_ITEM_IMAGES}
        actionValue={restaurant}
        disabled={disabled}
      />
      {url && (
        <Button size="small" color="inherit" disabled={disabled} onClick={() => set('')} sx={{ mt: 0.5 }}>
          {t('editMenu.image.remove')}
        </Button>
      )}
    </Box>
  );
}
