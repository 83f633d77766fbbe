import TextField from '@mui/material/TextField';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setNonVeg } from '@cd/core';
import type { PricebookPath } from '../../../lib/paths';
import { FormSection } from '../components/form-section';
import { FieldBox, FieldGrid, SelectFormField, SwitchFormField, TextFormField } from '../components/form-fields';
import { ThumbnailField } from '../components/thumbnail-field';
import { useApplyRule } from '../components/use-apply-rule';
import type { RestaurantFormValues } from '../form-values';

type Props = {
  foodcourt: string;
  paths: PricebookPath[];
  /** False without the /allpath page permission: the path cannot be changed, and the field says why. */
  pathsAllowed?: boolean;
};

/** Veg flags, the thumbnail, the price-book path and the outlet ids of partner systems (spec 001 §3.1). */
export function MenuImagesSection({ foodcourt, paths, pathsAllowed = true }: Props) {
  const { t } = useTranslation();
  const { control } = useFormContext<RestaurantFormValues>();
  const applyRule = useApplyRule();
  const vegflag = useWatch({ control, name: 'vegflag' });
  const partnerId = useWatch({ control, name: 'partner_id' });
  const currentPath = useWatch({ control, name: 'pricebook_path' });
  const pathOptions = [
    { value: 'none', label: t('restaurant.options.none') },
    ...paths.map((p) => ({ value: p.pathid, label: p.pathid })),
  ];
  // Without the paths (no /allpath permission) the current path still shows as chosen.
  if (currentPath && !pathOptions.some((o) => o.value === currentPath)) {
    pathOptions.push({ value: currentPath, label: currentPath });
  }
  return (
    <FormSection id="menu">
      <FieldGrid>
        <SwitchFormField name="veg" readOnly helperText={t('restaurant.help.veg')} />
        <SwitchFormField name="nonvegflag" onToggle={(on) => applyRule((r) => setNonVeg(r, on))} />
        <FieldBox name="vegflag">
          <TextField
            label={t('restaurant.fields.vegflag')}
            value={t(`restaurant.options.vegflag.${vegflag}`)}
            slotProps={{ htmlInput: { readOnly: true, 'data-value': vegflag } }}
            size="small"
            fullWidth
          />
        </FieldBox>
        <SelectFormField
          name="pricebook_path"
          options={pathOptions}
          disabled={!pathsAllowed}
          helperText={pathsAllowed ? undefined : t('restaurant.help.pathsNotAllowed')}
        />
        <TextFormField name="matrix_outletid" />
        <TextFormField name="partner_id" helperText={t('restaurant.help.partner_id')} />
        <FieldBox name="matrix_integration">
          {/* Spec 001 §3.1: the server keeps it equal to partner_id; shown so the mirror is visible. */}
          <TextField
            label={t('restaurant.fields.matrix_integration')}
            value={partnerId ?? ''}
            slotProps={{ htmlInput: { readOnly: true } }}
            size="small"
            fullWidth
          />
        </FieldBox>
        <TextFormField name="jwo_store_id" />
      </FieldGrid>
      <ThumbnailField foodcourt={foodcourt} />
    </FormSection>
  );
}
