import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DAY_RESOLVE_ACTIONS, type DayEnd } from '@cd/core';
import { ConfirmPopup } from '../../../components';
import { ScrollRegion } from '../../../components/scroll-region';
import { useSnackbar } from '../../../components/snackbar';
import { moneyFormatter } from '../../../lib/money';
import { describeError } from '../../../lib/server-message';
import { useResolve, type ResolveAction } from '../api';
import { formatTime } from '../format';

type Props = { day: DayEnd };

/**
 * What blocks closing (spec: open orders, unsettled payments), one row per order with a check box; the orders
 * chosen are completed, cancelled or carried to the next business day together, after a confirmation.
 */
export function BlockersChecklist({ day }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const resolve = useResolve();
  const [chosen, setChosen] = useState<number[]>([]);
  const [asking, setAsking] = useState<ResolveAction | null>(null);
  const money = moneyFormatter(day.totals.currency);
  const ids = day.blockers.map((b) => b.order_id);
  const selected = chosen.filter((id) => ids.includes(id));
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const all = selected.length === ids.length && ids.length > 0;

  const run = (action: ResolveAction) => {
    setAsking(null);
    resolve.mutate(
      { restaurant: day.restaurant, business_date: day.business_date, order_ids: selected, action },
      {
        onSuccess: () => {
          setChosen([]);
          snackbar.show(t(`dayend.blockers.done.${action}`, { count: selected.length }), 'success');
        },
        onError: (error) => snackbar.show(describeError(error, i18n), 'error'),
      },
    );
  };

  if (day.blockers.length === 0) {
    return (
      <Alert severity="success" sx={{ mb: 3 }}>
        {t('dayend.blockers.none')}
      </Alert>
    );
  }

  return (
    <Box component="section" aria-labelledby="dayend-blockers" sx={{ mb: 3 }}>
      <Typography id="dayend-blockers" variant="h6" component="h3">
        {t('dayend.blockers.title', { count: day.blockers.length })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('dayend.blockers.intro')}
      </Typography>
      <ScrollRegion label={t('dayend.blockers.table')}>
        <Table size="small" aria-label={t('dayend.blockers.table')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={all}
                  indeterminate={selected.length > 0 && !all}
                  onChange={() => setChosen(all ? [] : ids)}
                  slotProps={{ input: { 'aria-label': t('dayend.blockers.chooseAll') } }}
                />
              </TableCell>
              <TableCell>{t('dayend.blockers.order')}</TableCell>
              <TableCell>{t('dayend.blockers.problem')}</TableCell>
              <TableCell>{t('dayend.blockers.status')}</TableCell>
              <TableCell>{t('dayend.blockers.placedAt')}</TableCell>
              <TableCell align="right">{t('dayend.blockers.total')}</TableCell>
              <TableCell align="right">{t('dayend.blockers.paid')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {day.blockers.map((b) => (
              <TableRow key={b.order_id} selected={selected.includes(b.order_id)}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.includes(b.order_id)}
                    onChange={() => toggle(b.order_id)}
                    slotProps={{ input: { 'aria-label': t('dayend.blockers.choose', { number: b.order_number }) } }}
                  />
                </TableCell>
                <TableCell>{b.order_number}</TableCell>
                <TableCell>{t(`dayend.blockers.problems.${b.problem}`)}</TableCell>
                <TableCell>{b.status}</TableCell>
                <TableCell>{formatTime(b.placed_at)}</TableCell>
                <TableCell align="right">{money(b.total)}</TableCell>
                <TableCell align="right">{money(b.paid)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {DAY_RESOLVE_ACTIONS.map((action) => (
          <Button
            key={action}
            variant="outlined"
            color={action === 'cancel' ? 'error' : 'primary'}
            disabled={selected.length === 0 || resolve.isPending}
            onClick={() => setAsking(action)}
          >
            {t(`dayend.blockers.actions.${action}`, { count: selected.length })}
          </Button>
        ))}
      </Box>
      <ConfirmPopup
        open={asking !== null}
        type="warning"
        title={asking ? t(`dayend.blockers.confirm.${asking}`, { count: selected.length }) : ''}
        primaryText={day.blockers
          .filter((b) => selected.includes(b.order_id))
          .map((b) => b.order_number)
          .join(', ')}
        positiveLabel={asking ? t(`dayend.blockers.actions.${asking}`, { count: selected.length }) : ''}
        negativeLabel={t('dayend.keep')}
        onPositive={() => asking && run(asking)}
        onNegative={() => setAsking(null)}
      />
    </Box>
  );
}
