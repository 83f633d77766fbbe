import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { UpsellRule } from '@cd/core';
import { GenericDialog } from '../../../components/generic-dialog';
import { DetailFacts, DetailTable } from '../../../components/resource';
import { describeError } from '../../../lib/server-message';
import { itemName } from '../../offers';
import { TAKE_UP_DAYS, useTakeUp, type TakeUpDays } from '../api';

/** A rate 0..1 as a percentage with one decimal ("12.5%"). */
export const formatRate = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/**
 * A rule's take-up (`?dialog=takeup&edit=<id>`) over the last 7, 30 or 90 days: orders that held a trigger item
 * (any order when it has none), those that also held a suggested item, the rate, and each suggested item's orders.
 */
export function TakeUpDialog({ rule, onClose }: { rule: UpsellRule; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<TakeUpDays>(30);
  const takeUp = useTakeUp(rule.id, days);
  const r = takeUp.data;
  return (
    <GenericDialog open title={t('upselling.takeUp.title', { name: rule.name })} onClose={onClose} maxWidth="md">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <TextField
          select
          label={t('upselling.takeUp.period')}
          value={days}
          onChange={(event) => setDays(Number(event.target.value) as TakeUpDays)}
          sx={{ maxWidth: 240 }}
        >
          {TAKE_UP_DAYS.map((d) => (
            <MenuItem key={d} value={d}>
              {t('upselling.takeUp.lastDays', { count: d })}
            </MenuItem>
          ))}
        </TextField>
        {takeUp.isPending && <CircularProgress aria-label={t('resource.loading')} sx={{ alignSelf: 'center' }} />}
        {takeUp.isError && <Alert severity="error">{describeError(takeUp.error, i18n)}</Alert>}
        {r && (
          <>
            <DetailFacts
              label={t('upselling.takeUp.facts')}
              facts={[
                [t('upselling.takeUp.triggerOrders'), r.trigger_orders],
                [t('upselling.takeUp.takeUpOrders'), r.take_up_orders],
                [t('upselling.takeUp.rate'), formatRate(r.take_up_rate)],
              ]}
            />
            <DetailTable
              title={t('upselling.takeUp.byItem')}
              rows={r.by_item}
              rowKey={(i) => i.foodid}
              empty={t('upselling.takeUp.none')}
              columns={[
                { header: t('upselling.takeUp.item'), cell: (i) => itemName(i.foodid) },
                { header: t('upselling.takeUp.orders'), cell: (i) => i.orders, align: 'right' },
                { header: t('upselling.takeUp.quantity'), cell: (i) => i.quantity, align: 'right' },
              ]}
            />
          </>
        )}
      </Box>
    </GenericDialog>
  );
}
