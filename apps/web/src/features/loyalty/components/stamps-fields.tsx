import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormNumberField } from '../../../components/resource';
import { ItemPicker } from '../../offers';
import type { ProgramFormApi } from '../program-values';
import { FieldRow, FormSection, TextChips } from '../../../components/form-parts';

type Scope = { foodcourts: readonly string[]; restaurants: readonly string[] };

/** A stamp card: stamps to a reward, which items or categories earn a stamp, and how many an order may earn. */
export function StampsFields({ form, scope }: { form: ProgramFormApi; scope: Scope }) {
  const { t } = useTranslation();
  const { control } = form;
  return (
    <FormSection title={t('loyalty.form.card')}>
      <FieldRow>
        <FormNumberField
          control={control}
          name="stamps.required"
          label={t('loyalty.form.required')}
          hint={t('loyalty.form.requiredHint')}
          whole
          required
          sx={{ maxWidth: 260 }}
        />
        <FormNumberField
          control={control}
          name="stamps.max_per_order"
          label={t('loyalty.form.maxPerOrder')}
          hint={t('loyalty.form.maxPerOrderHint')}
          whole
          sx={{ maxWidth: 260 }}
        />
      </FieldRow>
      <Controller
        control={control}
        name="stamps.items"
        render={({ field, fieldState }) => (
          <ItemPicker
            label={t('loyalty.form.items')}
            value={field.value ?? []}
            onChange={field.onChange}
            scope={scope}
            hint={t('loyalty.form.itemsHint')}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="stamps.categories"
        render={({ field, fieldState }) => (
          <TextChips
            label={t('loyalty.form.categories')}
            value={field.value ?? []}
            onChange={field.onChange}
            hint={t('loyalty.form.chipsHint')}
            error={fieldState.error?.message}
          />
        )}
      />
    </FormSection>
  );
}
