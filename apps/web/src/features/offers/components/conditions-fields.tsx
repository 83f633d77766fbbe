import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { Controller, get, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormNumberField } from '../../../components/resource';
import { ORDER_CHANNELS, ORDER_TYPES, SESSION_NAMES } from '@cd/core';
import { FormCheckGroup } from '../../../components/form-check-group';
import { FieldRow, TextChips } from '../../../components/form-parts';
import { ThemedDateTimePicker } from '../../../components/date-time-picker';
import { MultiSelectDropdown } from '../../../components/multi-select-dropdown';
import { useCustomerGroups } from '../api';
import type { OfferFormApi } from '../offer-values';
import { ItemPicker } from './item-picker';
import { SiteFields } from './site-fields';

const WEEKDAY_NUMBERS = [0, 1, 2, 3, 4, 5, 6] as const;

/** A date (valid from / to) or a time of day (from / to) of the conditions; cleared, it holds no value. */
function ConditionPicker(props: {
  control: OfferFormApi['control'];
  type: 'date' | 'time';
  name: 'conditions.valid_from' | 'conditions.valid_to' | 'conditions.time_from' | 'conditions.time_to';
  label: string;
}) {
  const { control, type, name, label } = props;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ThemedDateTimePicker
          type={type}
          label={label}
          value={field.value ?? null}
          onChange={(value) => field.onChange(value ?? undefined)}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
}

/** When, where, on what and for whom the offer holds; empty choices hold everywhere. */
export function ConditionsFields({ form }: { form: OfferFormApi }) {
  const { t } = useTranslation();
  const { control } = form;
  const { errors } = useFormState({ control, name: 'conditions' });
  const errorOf = (name: string) => (get(errors, `conditions.${name}`) as { message?: string } | undefined)?.message;
  const [foodcourts, restaurants] = useWatch({ control, name: ['conditions.foodcourts', 'conditions.restaurants'] });
  const groups = useCustomerGroups();
  const set = (name: 'conditions.foodcourts' | 'conditions.restaurants', value: string[]) =>
    form.setValue(name, value, { shouldDirty: true });
  return (
    <>
      <SiteFields
        foodcourts={foodcourts ?? []}
        restaurants={restaurants ?? []}
        onChange={(sites) => {
          set('conditions.foodcourts', sites.foodcourts);
          set('conditions.restaurants', sites.restaurants);
        }}
        errors={{ foodcourts: errorOf('foodcourts'), restaurants: errorOf('restaurants') }}
      />
      <Controller
        control={control}
        name="conditions.items"
        render={({ field, fieldState }) => (
          <ItemPicker
            label={t('offers.conditions.items')}
            value={field.value ?? []}
            onChange={field.onChange}
            scope={{ foodcourts, restaurants }}
            hint={t('offers.conditions.itemsHint')}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="conditions.categories"
        render={({ field, fieldState }) => (
          <TextChips
            label={t('offers.conditions.categories')}
            value={field.value ?? []}
            onChange={field.onChange}
            hint={t('offers.conditions.categoriesHint')}
            error={fieldState.error?.message}
          />
        )}
      />
      <FormCheckGroup
        control={control}
        name="conditions.channels"
        label={t('offers.conditions.channels')}
        values={ORDER_CHANNELS}
        optionName={(c) => t(`offers.channel.${c}`)}
      />
      <FormCheckGroup
        control={control}
        name="conditions.order_types"
        label={t('offers.conditions.orderTypes')}
        values={ORDER_TYPES}
        optionName={(o) => t(`offers.orderType.${o}`)}
      />
      <FormCheckGroup
        control={control}
        name="conditions.sessions"
        label={t('offers.conditions.sessions')}
        values={SESSION_NAMES}
        optionName={(s) => t(`offers.session.${s}`)}
      />
      <FormCheckGroup
        control={control}
        name="conditions.days"
        label={t('offers.conditions.days')}
        values={WEEKDAY_NUMBERS}
        optionName={(d) => t(`offers.weekday.${d}`)}
      />
      <FormHelperText sx={{ mt: -1.5 }}>{t('offers.conditions.emptyMeansAll')}</FormHelperText>
      <FieldRow>
        <ConditionPicker
          control={control}
          type="date"
          name="conditions.valid_from"
          label={t('offers.conditions.validFrom')}
        />
        <ConditionPicker
          control={control}
          type="date"
          name="conditions.valid_to"
          label={t('offers.conditions.validTo')}
        />
      </FieldRow>
      <Box>
        <FieldRow>
          <ConditionPicker
            control={control}
            type="time"
            name="conditions.time_from"
            label={t('offers.conditions.timeFrom')}
          />
          <ConditionPicker
            control={control}
            type="time"
            name="conditions.time_to"
            label={t('offers.conditions.timeTo')}
          />
        </FieldRow>
        <FormHelperText>{t('offers.conditions.timeHint')}</FormHelperText>
      </Box>
      <FormNumberField
        control={control}
        name="conditions.min_spend"
        label={t('offers.conditions.minSpend')}
        hint={t('offers.conditions.minSpendHint')}
        money
        sx={{ maxWidth: 260 }}
      />
      <Controller
        control={control}
        name="conditions.groups"
        render={({ field, fieldState }) => {
          const chosen = (field.value ?? []).map(String);
          const options = (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }));
          return (
            <MultiSelectDropdown
              label={t('offers.conditions.groups')}
              options={options}
              value={chosen}
              onChange={(next) => field.onChange(next.map(Number))}
              helperText={
                fieldState.error?.message ??
                (groups.isError ? t('offers.conditions.groupsFailed') : t('offers.conditions.groupsHint'))
              }
              error={Boolean(fieldState.error)}
            />
          );
        }}
      />
      <Controller
        control={control}
        name="conditions.first_order"
        render={({ field }) => (
          <FormControlLabel
            label={t('offers.conditions.firstOrder')}
            control={
              <Checkbox checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />
            }
          />
        )}
      />
    </>
  );
}
