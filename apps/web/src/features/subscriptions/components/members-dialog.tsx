import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  SUBSCRIPTION_STATUSES,
  type Subscription,
  type SubscriptionAction,
  type SubscriptionPlan,
  type SubscriptionStatus,
} from '@cd/core';
import { GenericDialog } from '../../../components/generic-dialog';
import { ScrollRegion } from '../../../components/scroll-region';
import { ChoiceFilter, SearchField } from '../../../components/resource';
import { describeError } from '../../../lib/server-message';
import { usePlanMembers } from '../api';
import { actionsFor, formatDay, formatLocalTime } from '../format';
import { ChangeDialog } from './change-dialog';
import { EnrolForm } from './enrol-form';

const PAGE_SIZE = 25;

const STATUS_COLOUR: Record<SubscriptionStatus, ChipProps['color']> = {
  trial: 'info',
  active: 'success',
  paused: 'warning',
  cancelled: 'default',
};

/**
 * A plan's members (`?dialog=members&edit=<id>`): enrol a customer at the top, then the plan's subscriptions by
 * status and customer with their dates, until when the next meal can be changed and the orders they produced;
 * each may be paused, resumed or cancelled from a day on, as its status allows.
 */
export function MembersDialog({ plan, onClose }: { plan: SubscriptionPlan; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<SubscriptionStatus | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [changing, setChanging] = useState<{ subscription: Subscription; action: SubscriptionAction } | null>(null);
  const members = usePlanMembers(plan.id, { status, search: search || undefined, page, page_size: PAGE_SIZE });
  const rows = members.data?.subscriptions ?? [];
  const total = members.data?.total ?? 0;
  const headers = ['customer', 'name', 'status', 'start', 'paused', 'cancelled', 'nextChange', 'orders', 'actions'];

  return (
    <GenericDialog open title={t('subscriptions.members.title', { name: plan.name })} onClose={onClose} maxWidth="lg">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <EnrolForm plan={plan} />
        <Divider />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <SearchField
            label={t('subscriptions.members.search')}
            value={search}
            onSearch={(text) => {
              setSearch(text);
              setPage(1);
            }}
          />
          <ChoiceFilter
            label={t('subscriptions.members.status')}
            value={status}
            values={SUBSCRIPTION_STATUSES}
            name={(s) => t(`subscriptions.members.state.${s}`)}
            onChange={(next) => {
              setStatus(next);
              setPage(1);
            }}
          />
          <Typography color="text.secondary" sx={{ flex: 1 }}>
            {t('subscriptions.members.total', { count: total })}
          </Typography>
        </Box>
        {members.isError && <Alert severity="error">{describeError(members.error, i18n)}</Alert>}
        <ScrollRegion label={t('subscriptions.members.listLabel')}>
          {members.isFetching && <LinearProgress aria-label={t('resource.loading')} />}
          <Table size="small" aria-label={t('subscriptions.members.listLabel')} aria-busy={members.isFetching}>
            <TableHead>
              <TableRow>
                {headers.map((h) => (
                  <TableCell key={h} align={h === 'orders' ? 'right' : 'left'}>
                    {t(`subscriptions.members.${h}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && !members.isFetching && (
                <TableRow>
                  <TableCell colSpan={headers.length}>{t('subscriptions.members.empty')}</TableCell>
                </TableRow>
              )}
              {rows.map((s) => (
                <TableRow key={s.id}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{s.customer_ref}</TableCell>
                  <TableCell>{s.customer_name || '—'}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={STATUS_COLOUR[s.status]}
                      label={t(`subscriptions.members.state.${s.status}`)}
                    />
                  </TableCell>
                  <TableCell>{formatDay(s.start_date)}</TableCell>
                  <TableCell>
                    {s.paused_from
                      ? s.paused_until
                        ? t('subscriptions.members.pausedRange', {
                            from: formatDay(s.paused_from),
                            until: formatDay(s.paused_until),
                          })
                        : t('subscriptions.members.pausedOpen', { from: formatDay(s.paused_from) })
                      : '—'}
                  </TableCell>
                  <TableCell>{formatDay(s.cancelled_from)}</TableCell>
                  <TableCell>
                    {s.status === 'cancelled'
                      ? '—'
                      : t('subscriptions.members.changesUntil', { time: formatLocalTime(s.next_change_by) })}
                  </TableCell>
                  <TableCell align="right">{s.orders}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {actionsFor(s.status).map((action) => (
                      <Button
                        key={action}
                        size="small"
                        color={action === 'cancel' ? 'error' : 'primary'}
                        aria-label={t(`subscriptions.change.${action}`, { ref: s.customer_ref })}
                        onClick={() => setChanging({ subscription: s, action })}
                      >
                        {t(`subscriptions.change.${action}Word`)}
                      </Button>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
        <TablePagination
          component="div"
          count={total}
          page={Math.max(0, page - 1)}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_event, next) => setPage(next + 1)}
        />
      </Box>
      {changing && (
        <ChangeDialog
          key={`${changing.subscription.id}-${changing.action}`}
          subscription={changing.subscription}
          action={changing.action}
          onClose={() => setChanging(null)}
        />
      )}
    </GenericDialog>
  );
}
