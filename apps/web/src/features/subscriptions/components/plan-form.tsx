import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PLAN_STATUSES, planBody, SESSION_NAMES, SUBSCRIPTION_PERIODS, type SubscriptionPlan } from '@cd/core';
import { FormCheckGroup } from '../../../components/form-check-group';
import { ThemedDateTimePicker } from '../../../components/date-time-picker';
import { FormNumberField, FormTextField, ResourceFormDialog, type FormRenderProps } from '../../../components/resource';
import { useUserSites, type UserSites } from '../../../lib/use-user-sites';
import { planApi } from '../api';
import { WEEKDAY_NUMBERS } from '../format';

type PlanInput = z.input<typeof planBody>;
type PlanOutput = z.output<typeof planBody>;
type PlanFormApi = UseFormReturn<PlanInput, unknown, PlanOutput>;

/** A plan as the form holds it; a new plan on weekdays at 12:30, per month, its price left to be given. */
function planValues(plan: SubscriptionPlan | undefined, restaurants: UserSites['restaurants']): PlanInput {
  return {
    restaurant: plan?.restaurant ?? (restaurants.length === 1 ? restaurants[0]!.id : ''),
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    status: plan?.status ?? 'draft',
    sessions: plan ? [...plan.sessions] : [],
    days: plan ? [...plan.days] : [1, 2, 3, 4, 5],
    serve_time: plan?.serve_time ?? '12:30',
    period: plan?.period ?? 'month',
    price: plan?.price ?? (undefined as unknown as number),
    trial_days: plan?.trial_days ?? 0,
  };
}

/**
 * Add or edit a subscription plan in a drawer: its restaurant (fixed once saved), name, status, the sessions and
 * days it serves, the serve time the change deadline counts back from, the price per week or month and a trial.
 * Core's planBody is the schema, so the form refuses what the API refuses, with its messages; the server's
 * refusals naming a field (a restaurant without subscriptions) show under that field.
 */
export function PlanForm(props: FormRenderProps<SubscriptionPlan>) {
  const { row } = props;
  const { t } = useTranslation();
  const sites = useUserSites();
  const save = planApi.useSave();
  return (
    <ResourceFormDialog
      {...props}
      variant="drawer"
      width={720}
      title={row ? t('subscriptions.form.editTitle', { name: row.name }) : t('subscriptions.form.addTitle')}
      schema={planBody}
      toValues={(plan) => planValues(plan, sites.restaurants)}
      save={(body, version) => save.mutateAsync({ id: row?.id, body, version })}
    >
      {(form) => <PlanFields form={form} row={row} sites={sites} />}
    </ResourceFormDialog>
  );
}

function Row({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, '& > *': { flex: '1 1 200px' } }}>{children}</Box>;
}

function PlanFields({ form, row, sites }: { form: PlanFormApi; row?: SubscriptionPlan; sites: UserSites }) {
  const { t } = useTranslation();
  const { control } = form;
  // A plan's restaurant no longer among the user's still shows by its name.
  const choices = sites.restaurants.map((r) => ({ id: r.id, label: `${r.name} (${r.foodcourtName})` }));
  if (row && !choices.some((c) => c.id === row.restaurant)) {
    choices.unshift({ id: row.restaurant, label: row.restaurant_name });
  }
  return (
    <>
      <FormTextField
        control={control}
        name="restaurant"
        label={t('subscriptions.form.restaurant')}
        hint={row ? t('subscriptions.form.restaurantFixed') : t('subscriptions.form.restaurantHint')}
        select
        required
        disabled={Boolean(row)}
      >
        {choices.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.label}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        control={control}
        name="name"
        label={t('subscriptions.form.name')}
        required
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <FormTextField
        control={control}
        name="description"
        label={t('subscriptions.form.description')}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <FormTextField
        control={control}
        name="status"
        label={t('subscriptions.form.status')}
        select
        sx={{ maxWidth: 240 }}
      >
        {PLAN_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`subscriptions.status.${status}`)}
          </MenuItem>
        ))}
      </FormTextField>
      <FormCheckGroup
        control={control}
        name="sessions"
        label={t('subscriptions.form.sessions')}
        values={SESSION_NAMES}
        optionName={(session) => session}
      />
      <FormCheckGroup
        control={control}
        name="days"
        label={t('subscriptions.form.days')}
        values={WEEKDAY_NUMBERS}
        optionName={(day) => t(`subscriptions.dayLong.${day}`)}
      />
      <Row>
        <Controller
          control={control}
          name="serve_time"
          render={({ field, fieldState }) => (
            <ThemedDateTimePicker
              type="time"
              label={t('subscriptions.form.serveTime')}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? t('subscriptions.form.serveTimeHint')}
            />
          )}
        />
        <FormTextField control={control} name="period" label={t('subscriptions.form.period')} select>
          {SUBSCRIPTION_PERIODS.map((period) => (
            <MenuItem key={period} value={period}>
              {t(`subscriptions.period.${period}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Row>
      <Row>
        <FormNumberField
          control={control}
          name="price"
          label={t('subscriptions.form.price')}
          hint={t('subscriptions.form.priceHint')}
          money
          required
        />
        <FormNumberField
          control={control}
          name="trial_days"
          label={t('subscriptions.form.trialDays')}
          hint={t('subscriptions.form.trialHint')}
          whole
        />
      </Row>
    </>
  );
}
