import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ORDER_CHANNELS,
  SESSION_NAMES,
  UPSELL_LIMITS,
  UPSELL_PLACEMENTS,
  upsellRuleBody,
  type UpsellRule,
} from '@cd/core';
import { FormCheckGroup } from '../../../components/form-check-group';
import { RadioGroupField } from '../../../components/radio-group-field';
import { FormNumberField, FormTextField, ResourceFormDialog, type FormRenderProps } from '../../../components/resource';
import { ItemPicker, SiteFields } from '../../offers';
import { upsellApi, type UpsellInput, type UpsellOutput } from '../api';

const toValues = (rule?: UpsellRule): UpsellInput => ({
  name: rule?.name ?? '',
  active: rule?.active ?? true,
  foodcourts: [...(rule?.foodcourts ?? [])],
  restaurants: [...(rule?.restaurants ?? [])],
  trigger_items: [...(rule?.trigger_items ?? [])],
  sessions: [...(rule?.sessions ?? [])],
  channels: [...(rule?.channels ?? [])],
  suggestions: [...(rule?.suggestions ?? [])],
  placement: rule?.placement ?? 'cart',
  max_shown: rule?.max_shown ?? 3,
  priority: rule?.priority ?? 0,
});

/**
 * Add or edit an upsell rule in a drawer: with which items in the cart (none: any cart), where, at which sessions
 * and on which channels it suggests which items (1 to 8, in order), where they show and how many. Core's
 * upsellRuleBody is the form's schema.
 */
export function UpsellForm(props: FormRenderProps<UpsellRule>) {
  const { row } = props;
  const { t } = useTranslation();
  const save = upsellApi.useSave();
  return (
    <ResourceFormDialog
      {...props}
      variant="drawer"
      width={820}
      title={row ? t('upselling.form.editTitle', { name: row.name }) : t('upselling.form.addTitle')}
      schema={upsellRuleBody}
      toValues={toValues}
      save={(body, version) => save.mutateAsync({ id: row?.id, body, version })}
    >
      {(form) => <UpsellFields form={form} />}
    </ResourceFormDialog>
  );
}

function UpsellFields({ form }: { form: UseFormReturn<UpsellInput, unknown, UpsellOutput> }) {
  const { t } = useTranslation();
  const { control } = form;
  const [foodcourts, restaurants] = useWatch({ control, name: ['foodcourts', 'restaurants'] });
  const scope = { foodcourts, restaurants };
  return (
    <>
      <FormTextField
        control={control}
        name="name"
        label={t('upselling.form.name')}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: UPSELL_LIMITS.name } }}
      />
      <Controller
        control={control}
        name="active"
        render={({ field }) => (
          <FormControlLabel
            label={t('upselling.form.active')}
            control={
              <Checkbox checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />
            }
          />
        )}
      />
      <SiteFields
        foodcourts={foodcourts ?? []}
        restaurants={restaurants ?? []}
        onChange={(sites) => {
          form.setValue('foodcourts', sites.foodcourts, { shouldDirty: true });
          form.setValue('restaurants', sites.restaurants, { shouldDirty: true });
        }}
      />
      <Controller
        control={control}
        name="trigger_items"
        render={({ field, fieldState }) => (
          <ItemPicker
            label={t('upselling.form.triggerItems')}
            value={field.value ?? []}
            onChange={field.onChange}
            scope={scope}
            hint={t('upselling.form.triggerItemsHint')}
            error={fieldState.error?.message}
          />
        )}
      />
      <FormCheckGroup
        control={control}
        name="sessions"
        label={t('upselling.form.sessions')}
        values={SESSION_NAMES}
        optionName={(s) => t(`offers.session.${s}`)}
      />
      <FormCheckGroup
        control={control}
        name="channels"
        label={t('upselling.form.channels')}
        values={ORDER_CHANNELS}
        optionName={(c) => t(`offers.channel.${c}`)}
      />
      <Controller
        control={control}
        name="suggestions"
        render={({ field, fieldState }) => (
          <ItemPicker
            label={t('upselling.form.suggestions')}
            value={field.value ?? []}
            onChange={field.onChange}
            scope={scope}
            ordered
            hint={t('upselling.form.suggestionsHint', { max: UPSELL_LIMITS.suggestions })}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="placement"
        render={({ field }) => (
          <RadioGroupField
            label={t('upselling.form.placement')}
            row
            options={UPSELL_PLACEMENTS.map((p) => ({ value: p, label: t(`upselling.placement.${p}`) }))}
            value={field.value ?? 'cart'}
            onChange={field.onChange}
          />
        )}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <FormNumberField
          control={control}
          name="max_shown"
          label={t('upselling.form.maxShown')}
          hint={t('upselling.form.maxShownHint', { max: UPSELL_LIMITS.suggestions })}
          whole
        />
        <FormNumberField
          control={control}
          name="priority"
          label={t('upselling.form.priority')}
          hint={t('upselling.form.priorityHint')}
          whole
        />
      </Box>
    </>
  );
}
