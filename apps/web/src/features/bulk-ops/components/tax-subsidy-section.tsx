import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasAtMostDecimals, MONEY_MAX } from '@cd/core';
import { RestaurantPicker } from '../../../components';
import { useNotify } from '../../../components/snackbar';
import { apiGet, apiPost } from '../../../lib/api-client';
import type { RestaurantChoice } from '../../../lib/restaurant-choices';
import { describeError } from '../../../lib/server-message';
import { Section } from './section';

type MenuItems = { fooditems: { foodid: string; listofcategories: string[] }[]; categories: { name: string }[] };
type FieldAnswer = { message: string; updated: number; unchanged: number };
const ALL = '__all__';

/**
 * Tax & subsidy (issue 20 point 7): the taxation (fine permission taxation) or the subsidy amount of every item
 * of a restaurant or of one category, in one transaction on the server (update_fooditems_tax, item_subsidy).
 */
export function TaxSubsidySection({ choices, taxation }: { choices: RestaurantChoice[]; taxation: boolean }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [restaurant, setRestaurant] = useState<string>();
  const [scope, setScope] = useState(ALL);
  const [tax, setTax] = useState('');
  const [subsidy, setSubsidy] = useState('');
  const menu = useQuery({
    queryKey: ['bulk-tax-menu', restaurant],
    enabled: Boolean(restaurant),
    queryFn: ({ signal }) =>
      apiGet<MenuItems>(`vendor/fooditem?restaurant=${encodeURIComponent(restaurant ?? '')}`, { signal }),
  });
  const items = menu.data?.fooditems ?? [];
  const chosen = scope === ALL ? items : items.filter((i) => i.listofcategories.includes(scope));
  const amount = Number(subsidy);
  const subsidyValid =
    subsidy.trim() !== '' &&
    Number.isFinite(amount) &&
    amount >= 0 &&
    amount < MONEY_MAX &&
    hasAtMostDecimals(amount, 3);

  const apply = useMutation({
    mutationFn: ({ path, value }: { path: string; value: Record<string, string | number> }) =>
      apiPost<FieldAnswer>(path, {
        restaurant,
        ...(scope === ALL ? { all: true } : { foodids: chosen.map((i) => i.foodid) }),
        ...value,
      }),
    onSuccess: (answer) => {
      notify({ severity: 'success', message: t('bulkTaxSubsidy.done', answer) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['menu', 'restaurant', restaurant] }),
        queryClient.invalidateQueries({ queryKey: ['bulk-tax-menu', restaurant] }),
      ]);
    },
    onError: (error) => notify({ severity: 'error', message: describeError(error, i18n) }),
  });
  const ready = Boolean(restaurant) && chosen.length > 0 && !apply.isPending;

  return (
    <Section title={t('bulkTaxSubsidy.heading')} hint={t('bulkTaxSubsidy.hint')}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <RestaurantPicker
          label={t('bulkTaxSubsidy.restaurant')}
          choices={choices}
          value={restaurant}
          onChange={(r) => {
            setRestaurant(r);
            setScope(ALL);
          }}
          minWidth={280}
        />
        <TextField
          select
          size="small"
          label={t('bulkTaxSubsidy.scope')}
          value={scope}
          onChange={(e) => setScope(e.target.value)}
          disabled={!restaurant}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value={ALL}>{t('bulkTaxSubsidy.all')}</MenuItem>
          {(menu.data?.categories ?? []).map((c) => (
            <MenuItem key={c.name} value={c.name}>
              {t('bulkTaxSubsidy.category', { name: c.name })}
            </MenuItem>
          ))}
        </TextField>
        {restaurant && menu.isSuccess && (
          <Typography role="status">{t('bulkTaxSubsidy.count', { count: chosen.length })}</Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        {taxation && (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              size="small"
              label={t('bulkTaxSubsidy.taxation')}
              value={tax}
              onChange={(e) => setTax(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 60 } }}
            />
            <Button
              variant="outlined"
              disabled={!ready}
              onClick={() => apply.mutate({ path: 'update_fooditems_tax', value: { taxation: tax.trim() } })}
            >
              {t('bulkTaxSubsidy.applyTax')}
            </Button>
          </Box>
        )}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('bulkTaxSubsidy.subsidy')}
            value={subsidy}
            onChange={(e) => setSubsidy(e.target.value.replace(/[^\d.]/g, ''))}
            error={subsidy !== '' && !subsidyValid}
            helperText={subsidy !== '' && !subsidyValid ? t('bulkTaxSubsidy.subsidyInvalid') : undefined}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <Button
            variant="outlined"
            disabled={!ready || !subsidyValid}
            onClick={() => apply.mutate({ path: 'item_subsidy', value: { subsidyamount: amount } })}
          >
            {t('bulkTaxSubsidy.applySubsidy')}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}
