import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { allergenBody, THUMBNAIL_GUIDE, type AllergenView } from '@cd/core';
import { FormTextField, ResourceFormDialog, type FormRenderProps } from '../../../components/resource';
import { MediaChooser } from '../../../components/media';
import { allergenApi } from '../api';

/** Allergen pictures have their own image-manager library (action `allergen`, page allergens). */
const IMAGE_ACTION = 'allergen';
const IMAGE_VALUE = 'allergens';

const toValues = (a?: AllergenView) => ({ code: a?.code ?? '', name: a?.name ?? '', imageurl: a?.imageurl ?? '' });

/** Add an allergen (code, name, image) or edit one's name and image; the code never changes. */
export function AllergenForm(props: FormRenderProps<AllergenView>) {
  const { row } = props;
  const { t } = useTranslation();
  const save = allergenApi.useSave();
  return (
    <ResourceFormDialog
      {...props}
      title={row ? t('allergens.editTitle', { code: row.code }) : t('allergens.addTitle')}
      schema={allergenBody.pick({ code: true, name: true, imageurl: true })}
      toValues={toValues}
      save={(body, version) => save.mutateAsync({ id: row?.code, body, version })}
    >
      {(form) => (
        <>
          <FormTextField
            control={form.control}
            name="code"
            label={t('allergens.code')}
            hint={t('allergens.codeHint')}
            disabled={row !== undefined}
            autoFocus={row === undefined}
            normalize={(text) => text.toUpperCase()}
            slotProps={{ htmlInput: { maxLength: 4, autoCapitalize: 'characters' } }}
            required
          />
          <FormTextField
            control={form.control}
            name="name"
            label={t('allergens.name')}
            autoFocus={row !== undefined}
            slotProps={{ htmlInput: { maxLength: 60 } }}
            required
          />
          <Box>
            <MediaChooser
              id="allergen-image"
              header={t('allergens.image')}
              guide={THUMBNAIL_GUIDE}
              action={IMAGE_ACTION}
              actionValue={IMAGE_VALUE}
              value={form.watch('imageurl') || null}
              onChange={(value) =>
                form.setValue('imageurl', Array.isArray(value) ? (value[0] ?? '') : value, { shouldDirty: true })
              }
            />
          </Box>
        </>
      )}
    </ResourceFormDialog>
  );
}
