import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AUTO_STATUS, ORDER_ACCEPTING, ORDER_PUSH_TYPES, autoCutoffEnabled, setStockMode } from '@cd/core';
import { MultiSelectDropdown } from '../../../components/multi-select-dropdown';
import { CancelThresholdField } from '../components/cancel-threshold-field';
import { FormSection } from '../components/form-section';
import { FieldBox, FieldGrid, NumberFormField, SelectFormField, SwitchFormField } from '../components/form-fields';
import { useApplyRule } from '../components/use-apply-rule';
import type { RestaurantFormValues } from '../form-values';

const PLAIN_SWITCHES = [
  'firebase_enabled',
  'auto_done_status',
  'oat_enabled',
  'mrpenabled',
  'pos_restaurant',
  'autodayend',
] as const;

/** Ordering and terminal options (spec 001 §3.2). */
export function OrderingSection() {
  const { t } = useTranslation();
  const { control } = useFormContext<RestaurantFormValues>();
  const applyRule = useApplyRule();
  const autoStatus = useWatch({ control, name: 'options.auto_status' });
  const cutoffEnabled = autoCutoffEnabled({ options: { auto_status: autoStatus } } as never);
  const pushOptions = ORDER_PUSH_TYPES.map((n) => ({
    value: String(n),
    label: t(`restaurant.options.orderPushType.${n}`),
  }));

  return (
    <FormSection id="ordering">
      <CancelThresholdField />
      <FieldGrid>
        <FieldBox name="options.order_push_type">
          <Controller
            control={control}
            name="options.order_push_type"
            render={({ field, fieldState }) => (
              <MultiSelectDropdown
                label={t('restaurant.fields.order_push_type')}
                options={pushOptions}
                value={(field.value ?? []).map(String)}
                onChange={(v) => field.onChange(v.map(Number))}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
        </FieldBox>
        <SelectFormField
          name="options.enable_order_accepting"
          options={ORDER_ACCEPTING.map((v) => ({ value: v, label: t(`restaurant.options.orderAccepting.${v}`) }))}
        />
        <NumberFormField name="options.pre_order_push_before_min" integer helperText={t('restaurant.help.minutes')} />
        <SelectFormField
          name="options.auto_status"
          options={AUTO_STATUS.map((v) => ({ value: v, label: t(`restaurant.options.autoStatus.${v}`) }))}
        />
        <NumberFormField
          name="options.auto_cutoff_time"
          integer
          disabled={!cutoffEnabled}
          helperText={cutoffEnabled ? t('restaurant.help.minutes') : t('restaurant.help.autoCutoffDisabled')}
        />
        <SwitchFormField
          name="options.carryforward_stock"
          onToggle={(on) => applyRule((r) => setStockMode(r, 'carryforward_stock', on))}
        />
        <SwitchFormField
          name="options.nullify_stock"
          onToggle={(on) => applyRule((r) => setStockMode(r, 'nullify_stock', on))}
        />
        {PLAIN_SWITCHES.map((name) => (
          <SwitchFormField key={name} name={`options.${name}`} />
        ))}
      </FieldGrid>
    </FormSection>
  );
}
