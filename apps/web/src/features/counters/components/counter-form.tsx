import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  COUNTER_SERVICE_FLAGS,
  COUNTER_TYPES,
  counterBody,
  settingsDiff,
  type Counter,
  type CounterTemplate,
} from '@cd/core';
import { FormTextField, ResourceFormDialog, type FormRenderProps } from '../../../components/resource';
import { counterApi, useAllTemplates, type CounterBody } from '../api';
import { copySettings, settingsPart } from '../settings-form';
import { useUserSites, type UserSites } from '../../../lib/use-user-sites';
import { CheckGroup } from '../../../components/check-group';
import { SettingsFields } from './settings-fields';

const schema = counterBody.pick({
  name: true,
  foodcourt: true,
  restaurant: true,
  counter_type: true,
  template_id: true,
  settings: true,
  flags: true,
});
type Flag = (typeof COUNTER_SERVICE_FLAGS)[number];

const toValues = (counter?: Counter) => ({
  name: counter?.name ?? '',
  foodcourt: counter?.foodcourt ?? '',
  restaurant: counter?.restaurant ?? null,
  counter_type: counter?.counter_type ?? ('food' as const),
  template_id: counter?.template_id ?? null,
  settings: copySettings(counter?.settings),
  flags: { ...(counter?.flags ?? { dine_in: true, takeaway: true, delivery: false, preorder: true }) },
});

/**
 * Add or edit a counter: its site, type and service flags, and its settings — prefilled from a chosen template
 * (a new counter whose settings are the template's takes them from the server), or set directly.
 */
export function CounterForm(props: FormRenderProps<Counter>) {
  const { row } = props;
  const { t } = useTranslation();
  const save = counterApi.useSave();
  const sites = useUserSites();
  const templates = useAllTemplates();
  const templateOf = (id: number | null | undefined): CounterTemplate | undefined =>
    templates.data?.find((tp) => tp.id === id);

  /** A new counter that keeps its template's settings sends none: the server copies the template's. */
  const toBody = (values: z.output<typeof schema>): CounterBody => {
    const template = templateOf(values.template_id);
    const same = template && values.settings && settingsDiff(template.settings, values.settings).length === 0;
    if (!row && same) {
      const { settings: _settings, ...rest } = values;
      return rest;
    }
    return values;
  };

  return (
    <ResourceFormDialog
      {...props}
      variant="drawer"
      width={760}
      title={row ? t('counters.counter.editTitle', { name: row.name }) : t('counters.counter.addTitle')}
      schema={schema}
      toValues={toValues}
      saveDisabled={templates.isLoading}
      save={(body, version) => save.mutateAsync({ id: row?.counter_id, body: toBody(body), version })}
    >
      {(form) => <CounterFields form={form} row={row} sites={sites} templates={templates.data ?? []} />}
    </ResourceFormDialog>
  );
}

type FieldsProps = {
  form: UseFormReturn<z.input<typeof schema>, unknown, z.output<typeof schema>>;
  row?: Counter;
  sites: UserSites;
  templates: CounterTemplate[];
};

function CounterFields({ form, row, sites, templates }: FieldsProps) {
  const { t } = useTranslation();
  const { control } = form;
  const foodcourt = useWatch({ control, name: 'foodcourt' });
  const templateId = useWatch({ control, name: 'template_id' });
  const template = templates.find((tp) => tp.id === templateId);
  const foodcourts =
    row && !sites.foodcourts.some((f) => f.id === row.foodcourt)
      ? [{ id: row.foodcourt, name: row.foodcourt }, ...sites.foodcourts]
      : sites.foodcourts;
  const chooseTemplate = (id: number | null) => {
    form.setValue('template_id', id, { shouldDirty: true });
    const chosen = templates.find((tp) => tp.id === id);
    if (chosen) form.setValue('settings', copySettings(chosen.settings), { shouldDirty: true });
  };
  return (
    <>
      <FormTextField
        control={control}
        name="name"
        label={t('counters.counter.name')}
        autoFocus
        slotProps={{ htmlInput: { maxLength: 100 } }}
        required
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Controller
          control={control}
          name="foodcourt"
          render={({ field, fieldState }) => (
            <TextField
              select
              required
              label={t('counters.counter.foodcourt')}
              value={field.value ?? ''}
              onChange={(event) => {
                field.onChange(event.target.value);
                // Another food court's restaurant cannot stay.
                form.setValue('restaurant', null, { shouldDirty: true });
              }}
              disabled={row !== undefined}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              sx={{ minWidth: 220, flex: 1 }}
            >
              {foodcourts.map((f) => (
                <MenuItem key={f.id} value={f.id}>
                  {f.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="restaurant"
          render={({ field }) => (
            <TextField
              select
              label={t('counters.counter.restaurant')}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.target.value || null)}
              disabled={!foodcourt}
              sx={{ minWidth: 220, flex: 1 }}
            >
              <MenuItem value="">{t('counters.counter.noRestaurant')}</MenuItem>
              {sites.restaurantsOf(foodcourt).map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {r.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <FormTextField
          control={control}
          name="counter_type"
          label={t('counters.counter.type')}
          select
          sx={{ minWidth: 160 }}
        >
          {COUNTER_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`counters.type.${type}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Box>
      <TextField
        select
        label={t('counters.counter.template')}
        value={templateId ?? ''}
        onChange={(event) => chooseTemplate(event.target.value === '' ? null : Number(event.target.value))}
        helperText={
          template ? t('counters.counter.templateHint', { name: template.name }) : t('counters.counter.noTemplateHint')
        }
      >
        <MenuItem value="">{t('counters.counter.noTemplate')}</MenuItem>
        {templates.map((tp) => (
          <MenuItem key={tp.id} value={tp.id}>
            {tp.name}
          </MenuItem>
        ))}
      </TextField>
      <Controller
        control={control}
        name="flags"
        render={({ field }) => (
          <CheckGroup<Flag>
            label={t('counters.counter.flags')}
            values={COUNTER_SERVICE_FLAGS}
            name={(flag) => t(`counters.flag.${flag}`)}
            checked={COUNTER_SERVICE_FLAGS.filter((flag) => field.value?.[flag])}
            onChange={(on) => field.onChange(Object.fromEntries(COUNTER_SERVICE_FLAGS.map((f) => [f, on.includes(f)])))}
            disabled={row?.hidden}
          />
        )}
      />
      {row?.hidden && <Alert severity="info">{t('counters.hide.hiddenFlags')}</Alert>}
      <SettingsFields form={settingsPart(form)} heading={t('counters.settings.title')} />
    </>
  );
}
