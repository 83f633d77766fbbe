import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { Controller, get, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormNumberField } from '../../../components/resource';
import { ORDER_CHANNELS, ORDER_TYPES, SESSION_NAMES } from '@cd/core';
import { CheckGroup } from '../../../components/check-group';
import { ThemedDateTimePicker } from '../../../components/date-time-picker';
import { MultiSelectDropdown } from '../../../components/multi-select-dropdown';
import { useCustomerGroups } from '../api';
import type { OfferFormApi } from '../offer-values';
import { FieldRow } from './form-parts';
import { ItemPicker } from './item-picker';
import { SiteFields } from './site-fields';

const WEEKDAY_NUMBERS = [0, 1, 2, 3, 4, 5, 6] as const;

/** Chips of free text (categories): typed, then Enter or a comma adds one. */
export function TextChips(props: {
  label: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  hint?: string;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      autoSelect
      options={[]}
      value={[...props.value]}
      onChange={(_event, value) => props.onChange([...new Set(value.map((v) => v.trim()).filter(Boolean))])}
      renderValue={(value, getItemProps) =>
        value.map((option, index) => {
          const { key, ...chip } = getItemProps({ index });
          return <Chip key={key} size="small" label={option} {...chip} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          error={Boolean(props.error)}
          helperText={props.error ?? props.hint ?? t('offers.form.chipsHint')}
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
      <Controller
        control={control}
        name="conditions.channels"
        render={({ field }) => (
          <CheckGroup
            label={t('offers.conditions.channels')}
            values={ORDER_CHANNELS}
            name={(c) => t(`offers.channel.${c}`)}
            checked={field.value ?? []}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={control}
        name="conditions.order_types"
        render={({ field }) => (
          <CheckGroup
            label={t('offers.conditions.orderTypes')}
            values={ORDER_TYPES}
            name={(o) => t(`offers.orderType.${o}`)}
            checked={field.value ?? []}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={control}
        name="conditions.sessions"
        render={({ field }) => (
          <CheckGroup
            label={t('offers.conditions.sessions')}
            values={SESSION_NAMES}
            name={(s) => t(`offers.session.${s}`)}
            checked={field.value ?? []}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={control}
        name="conditions.days"
        render={({ field, fieldState }) => (
          <CheckGroup<number>
            label={t('offers.conditions.days')}
            values={WEEKDAY_NUMBERS}
            name={(d) => t(`offers.weekday.${d}`)}
            checked={field.value ?? []}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <FormHelperText sx={{ mt: -1.5 }}>{t('offers.conditions.emptyMeansAll')}</FormHelperText>
      <FieldRow>
        <Controller
          control={control}
          name="conditions.valid_from"
          render={({ field, fieldState }) => (
            <ThemedDateTimePicker
              type="date"
              label={t('offers.conditions.validFrom')}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value ?? undefined)}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="conditions.valid_to"
          render={({ field, fieldState }) => (
            <ThemedDateTimePicker
              type="date"
              label={t('offers.conditions.validTo')}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value ?? undefined)}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            />
          )}
        />
      </FieldRow>
      <Box>
        <FieldRow>
          <Controller
            control={control}
            name="conditions.time_from"
            render={({ field, fieldState }) => (
              <ThemedDateTimePicker
                type="time"
                label={t('offers.conditions.timeFrom')}
                value={field.value ?? null}
                onChange={(value) => field.onChange(value ?? undefined)}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="conditions.time_to"
            render={({ field, fieldState }) => (
              <ThemedDateTimePicker
                type="time"
                label={t('offers.conditions.timeTo')}
                value={field.value ?? null}
                onChange={(value) => field.onChange(value ?? undefined)}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
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
