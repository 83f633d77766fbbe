import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GROUP_LIMITS, groupRuleSchema, type GroupRule } from '@cd/core';
import { CheckGroup } from '../../../components/check-group';
import { MultiSelectDropdown } from '../../../components';
import { FormNumberField } from '../../../components/resource';
import { describeError } from '../../../lib/server-message';
import { useUserSites } from '../../../lib/use-user-sites';
import { useRuleCount } from '../api';
import { formatCount } from '../format';
import type { GroupForm } from './group-form';

const CHANNELS = groupRuleSchema.shape.channels.unwrap().element.options;
type Channel = (typeof CHANNELS)[number];

/** How long the rule stays unchanged before it is counted. */
export const COUNT_DELAY_MS = 500;

/** The value once it has stayed the same for `delay` ms (the first value at once). */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * A rule group's rule: the sites (no site: every site), the period, the orders and spend at least, the channels
 * (none: every channel); and how many customers it finds now, counted half a second after the last change.
 */
export function RuleEditor({ form }: { form: GroupForm }) {
  const { t } = useTranslation();
  const { control } = form;
  const sites = useUserSites();
  const foodcourts = useWatch({ control, name: 'rule.foodcourts' }) ?? [];
  const restaurantOptions = sites.restaurants
    .filter((r) => foodcourts.length === 0 || foodcourts.includes(r.foodcourt))
    .map((r) => ({
      value: r.id,
      label: t('customerGroups.form.restaurantOption', { name: r.name, foodcourt: r.foodcourtName }),
    }));

  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        {t('customerGroups.form.rule')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('customerGroups.form.ruleHint')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, '& > *': { flex: '1 1 240px' } }}>
        <Controller
          control={control}
          name="rule.foodcourts"
          render={({ field }) => (
            <MultiSelectDropdown
              label={t('customerGroups.form.foodcourts')}
              options={sites.foodcourtOptions}
              value={field.value ?? []}
              onChange={(chosen) => {
                field.onChange(chosen);
                // Restaurants of food courts no longer chosen go with them.
                const kept = sites.restaurants.filter((r) => chosen.length === 0 || chosen.includes(r.foodcourt));
                const current = form.getValues('rule.restaurants') ?? [];
                const next = current.filter((id) => kept.some((r) => r.id === id));
                if (next.length !== current.length) form.setValue('rule.restaurants', next, { shouldDirty: true });
              }}
            />
          )}
        />
        <Controller
          control={control}
          name="rule.restaurants"
          render={({ field }) => (
            <MultiSelectDropdown
              label={t('customerGroups.form.restaurants')}
              options={restaurantOptions}
              value={field.value ?? []}
              onChange={field.onChange}
            />
          )}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, '& > *': { flex: '1 1 180px' } }}>
        <FormNumberField
          control={control}
          name="rule.days"
          label={t('customerGroups.form.days')}
          whole
          refuseEmpty
          required
          slotProps={{ htmlInput: { min: 1, max: GROUP_LIMITS.days } }}
        />
        <FormNumberField
          control={control}
          name="rule.min_orders"
          label={t('customerGroups.form.minOrders')}
          whole
          refuseEmpty
          required
          slotProps={{ htmlInput: { min: 1 } }}
        />
        <FormNumberField
          control={control}
          name="rule.min_spend"
          label={t('customerGroups.form.minSpend')}
          money
          refuseEmpty
          required
          slotProps={{ htmlInput: { min: 0 } }}
        />
      </Box>
      <Controller
        control={control}
        name="rule.channels"
        render={({ field }) => (
          <CheckGroup<Channel>
            label={t('customerGroups.form.channels')}
            values={CHANNELS}
            name={(c) => t(`customerGroups.channel.${c}`)}
            checked={field.value ?? []}
            onChange={field.onChange}
          />
        )}
      />
      <RuleCount form={form} />
    </Box>
  );
}

/** "N customers match": POST /groups/count with the rule once it is whole and has stayed unchanged 500 ms. */
function RuleCount({ form }: { form: GroupForm }) {
  const { t, i18n } = useTranslation();
  const rule = useWatch({ control: form.control, name: 'rule' });
  const parsed = groupRuleSchema.safeParse(rule);
  // The rule as text: a stable value to wait on, and the query's key.
  const text = parsed.success ? JSON.stringify(parsed.data) : null;
  const settled = useSettled(text, COUNT_DELAY_MS);
  const asked = useMemo(() => (settled ? (JSON.parse(settled) as GroupRule) : null), [settled]);
  const count = useRuleCount(asked);
  const waiting = text !== null && (text !== settled || count.isFetching);

  let said: string;
  if (!text) said = t('customerGroups.count.invalid');
  else if (count.isError && !waiting)
    said = t('customerGroups.count.failed', { reason: describeError(count.error, i18n) });
  else if (count.data === undefined) said = t('customerGroups.count.counting');
  else said = t('customerGroups.count.matching', { count: count.data, formatted: formatCount(count.data) });

  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={t('customerGroups.count.label')}
      aria-busy={waiting}
      sx={{
        p: 1.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontWeight: 700,
        opacity: waiting && count.data !== undefined ? 0.6 : 1,
      }}
    >
      {said}
    </Box>
  );
}
