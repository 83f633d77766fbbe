import { GroupsOutlined as GroupsOutlinedIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { PLAN_STATUSES, type SubscriptionPlan } from '@cd/core';
import { ChoiceFilter, ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { moneyFormatter } from '../../../lib/money';
import { useUrlState } from '../../../lib/url-state';
import { useUserSites } from '../../../lib/use-user-sites';
import { planApi, plansUrl } from '../api';
import { MembersDialog } from '../components/members-dialog';
import { PlanForm } from '../components/plan-form';

const STATUS_COLOUR: Record<SubscriptionPlan['status'], ChipProps['color']> = {
  draft: 'default',
  active: 'success',
  ended: 'default',
};

/**
 * /subscription (page subscription): the meal plans of the user's restaurants — sessions, days, serve time, the
 * price per week or month, the trial, members and until when before serving they may change a meal — filtered by
 * restaurant and status; add and edit in a drawer; per plan its members (enrol, pause, resume, cancel).
 */
export function SubscriptionsPage() {
  const { t } = useTranslation();
  const url = useUrlState(plansUrl);
  const { state, update } = url;
  const sites = useUserSites();
  const money = moneyFormatter();
  const days = (p: SubscriptionPlan) =>
    [...p.days]
      .sort((a, b) => a - b)
      .map((d) => t(`subscriptions.dayShort.${d}`))
      .join(', ');

  const columns: ResourceColumn<SubscriptionPlan>[] = [
    { id: 'name', header: t('subscriptions.columns.name'), sortable: true, primary: true, cell: (p) => p.name },
    {
      id: 'restaurant',
      header: t('subscriptions.columns.restaurant'),
      sortable: true,
      cell: (p) => p.restaurant_name || sites.nameOf(p.restaurant),
    },
    { id: 'sessions', header: t('subscriptions.columns.sessions'), cell: (p) => p.sessions.join(', ') },
    { id: 'days', header: t('subscriptions.columns.days'), cell: days },
    { id: 'serve_time', header: t('subscriptions.columns.serveTime'), cell: (p) => p.serve_time },
    {
      id: 'price',
      header: t('subscriptions.columns.price'),
      sortable: true,
      primary: true,
      align: 'right',
      cell: (p) =>
        t('subscriptions.pricePer', { price: money(p.price), period: t(`subscriptions.periodUnit.${p.period}`) }),
    },
    {
      id: 'trial',
      header: t('subscriptions.columns.trial'),
      cell: (p) =>
        p.trial_days > 0 ? t('subscriptions.trialDays', { count: p.trial_days }) : t('subscriptions.trialNone'),
    },
    { id: 'members', header: t('subscriptions.columns.members'), align: 'right', cell: (p) => p.members },
    {
      id: 'deadline',
      header: t('subscriptions.columns.deadline'),
      cell: (p) => t('subscriptions.deadline', { minutes: p.deadline_minutes }),
    },
    {
      id: 'status',
      header: t('subscriptions.columns.status'),
      primary: true,
      cell: (p) => <Chip size="small" color={STATUS_COLOUR[p.status]} label={t(`subscriptions.status.${p.status}`)} />,
    },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('subscriptions.title')}
        intro={t('subscriptions.intro')}
        api={planApi}
        url={url}
        columns={columns}
        listLabel={t('subscriptions.listLabel')}
        rowName={(p) => p.name}
        searchLabel={t('subscriptions.search')}
        filters={
          <>
            <TextField
              select
              size="small"
              label={t('subscriptions.columns.restaurant')}
              value={state.restaurant ?? ''}
              onChange={(event) => update({ restaurant: event.target.value || undefined, page: undefined })}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="">{t('resource.filters.all')}</MenuItem>
              {sites.restaurants.map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {`${r.name} (${r.foodcourtName})`}
                </MenuItem>
              ))}
            </TextField>
            <ChoiceFilter
              label={t('subscriptions.columns.status')}
              value={state.status}
              values={PLAN_STATUSES}
              name={(s) => t(`subscriptions.status.${s}`)}
              onChange={(status) => update({ status, page: undefined })}
            />
          </>
        }
        empty={t('subscriptions.empty')}
        createLabel={t('subscriptions.add')}
        rowActions={(p, open) => {
          const label = t('subscriptions.members.open', { name: p.name });
          return (
            <Tooltip title={label}>
              <IconButton aria-label={label} onClick={() => open('members')}>
                <GroupsOutlinedIcon />
              </IconButton>
            </Tooltip>
          );
        }}
        renderDialog={({ row, dialog, onClose }) =>
          dialog === 'members' ? <MembersDialog plan={row} onClose={onClose} /> : null
        }
        deletion={{
          blockedBecause: (p) => (p.members > 0 ? t('subscriptions.deleteBlocked') : ''),
          title: (p) => t('subscriptions.deleteTitle', { name: p.name }),
          text: () => t('subscriptions.deleteText'),
        }}
        renderForm={(props) => <PlanForm {...props} />}
      />
    </Box>
  );
}
