import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PARCEL_MODES, setParcelEnabled, setParcelModes } from '@cd/core';
import { MultiSelectDropdown } from '../../../components/multi-select-dropdown';
import { FormSection, Subsection } from '../components/form-section';
import { FieldBox, FieldGrid, NumberFormField, SwitchFormField, TextFormField } from '../components/form-fields';
import { useApplyRule } from '../components/use-apply-rule';
import { ConvenienceFeeEditor } from '../dialogs/convenience-fee-editor';
import type { RestaurantFormValues } from '../form-values';

const MONEY = { money: true } as const;

/** Meal-card ids, discounts, markups, cashback, fees and parcel charges (spec 001 §3.2). */
export function PricingSection() {
  const { t } = useTranslation();
  const { control } = useFormContext<RestaurantFormValues>();
  const applyRule = useApplyRule();
  const modeOptions = PARCEL_MODES.map((m) => ({ value: m, label: t(`restaurant.options.parcelMode.${m}`) }));
  return (
    <FormSection id="pricing">
      <Subsection title={t('restaurant.subsections.discounts')}>
        <FieldGrid>
          <TextFormField name="options.sodexomid" />
          <TextFormField name="options.sodexotid" />
          <NumberFormField name="options.disc_percent" />
          <NumberFormField name="options.disc_capping" unit={MONEY} />
          <NumberFormField name="options.packingmarkup" />
          <NumberFormField name="options.menumarkup" />
          <NumberFormField name="options.cashback_percent" />
          <NumberFormField name="options.cashback_capping" unit={MONEY} />
          <NumberFormField name="options.cashback_everynth" integer />
          <NumberFormField name="options.poscashback_percent" />
          <NumberFormField name="options.poscashback_capping" unit={MONEY} />
        </FieldGrid>
      </Subsection>
      <Subsection title={t('restaurant.subsections.fees')}>
        <FieldGrid>
          <NumberFormField
            name="options.conveniencefee"
            unit={{ money: true, percentWhen: 'options.isconveniencefeepercentage' }}
          />
          <SwitchFormField name="options.isconveniencefeepercentage" />
          <SwitchFormField
            name="options.parcel_charges.enabled"
            onToggle={(on) => applyRule((r) => setParcelEnabled(r, on))}
          />
          <FieldBox name="options.parcel_charges.modes">
            <Controller
              control={control}
              name="options.parcel_charges.modes"
              render={({ field }) => (
                <MultiSelectDropdown
                  label={t('restaurant.fields.parcel_charges_modes')}
                  options={modeOptions}
                  value={field.value ?? []}
                  onChange={(modes) => applyRule((r) => setParcelModes(r, modes as (typeof PARCEL_MODES)[number][]))}
                />
              )}
            />
          </FieldBox>
        </FieldGrid>
        <ConvenienceFeeEditor />
      </Subsection>
    </FormSection>
  );
}
