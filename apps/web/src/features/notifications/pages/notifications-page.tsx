import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_STATUSES, type Notification as PushNotification } from '@cd/core';
import { ChoiceFilter, ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { useUrlState } from '../../../lib/url-state';
import { useUserSites } from '../../../lib/use-user-sites';
import { notificationApi, notificationsUrl, useGroupChoices } from '../api';
import { NotificationForm } from '../components/notification-form';
import { RegionRulesNote } from '../components/region-rules-note';
import { RunProgress } from '../components/runs-panel';
import { StatusChip } from '../components/status-chip';
import { formatCount, formatTime } from '../format';

/** Names up to two, then "and N more". */
function some(names: string[], more: (count: number) => string): string {
  return names.length <= 2 ? names.join(', ') : `${names.slice(0, 2).join(', ')} ${more(names.length - 2)}`;
}

/**
 * /notifications (page notifications; issue 19): push, in-app, e-mail and SMS notifications to everyone, to sites
 * or to customer groups, sent now, at a time or repeating; by status, with each one's next send and how its last
 * run went (sent of targeted, and its progress).
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const url = useUrlState(notificationsUrl);
  const { state, update } = url;
  const sites = useUserSites();
  const groups = useGroupChoices();
  const groupName = (id: number) => groups.data?.find((g) => g.id === id)?.name ?? `#${id}`;
  const more = (count: number) => t('notifications.more', { count });
  const audience = (n: PushNotification) =>
    n.audience === 'everyone'
      ? t('notifications.audience.everyone')
      : n.audience === 'sites'
        ? some(n.foodcourts.map(sites.nameOf), more)
        : some(n.groups.map(groupName), more);

  const columns: ResourceColumn<PushNotification>[] = [
    { id: 'title', header: t('notifications.columns.title'), sortable: true, primary: true, cell: (n) => n.title },
    {
      id: 'channels',
      header: t('notifications.columns.channels'),
      cell: (n) => n.channels.map((c) => t(`notifications.channel.${c}`)).join(', '),
    },
    { id: 'audience', header: t('notifications.columns.audience'), cell: audience },
    {
      id: 'status',
      header: t('notifications.columns.status'),
      sortable: true,
      primary: true,
      cell: (n) => <StatusChip status={n.status} />,
    },
    {
      id: 'send_at',
      header: t('notifications.columns.next'),
      sortable: true,
      cell: (n) => formatTime(n.next_run_at),
    },
    {
      id: 'last_run',
      header: t('notifications.columns.lastRun'),
      cell: (n) =>
        n.last_run ? (
          <Box>
            <Typography variant="body2">
              {t('notifications.sentOf', {
                sent: formatCount(n.last_run.sent),
                targeted: formatCount(n.last_run.targeted),
              })}
            </Typography>
            <RunProgress run={n.last_run} />
          </Box>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <RegionRulesNote />
      <ResourceListPage
        title={t('notifications.title')}
        intro={t('notifications.intro')}
        api={notificationApi}
        url={url}
        columns={columns}
        listLabel={t('notifications.listLabel')}
        rowName={(n) => n.title}
        searchLabel={t('notifications.search')}
        filters={
          <ChoiceFilter
            label={t('notifications.columns.status')}
            value={state.status}
            values={NOTIFICATION_STATUSES}
            name={(status) => t(`notifications.status.${status}`)}
            onChange={(status) => update({ status, page: undefined })}
          />
        }
        empty={t('notifications.empty')}
        createLabel={t('notifications.add')}
        deletion={{
          blockedBecause: (n) => (n.status === 'sending' ? t('notifications.cannotDeleteSending') : ''),
          title: (n) => t('notifications.deleteTitle', { title: n.title }),
          text: () => t('notifications.deleteText'),
        }}
        renderForm={(props) => <NotificationForm {...props} />}
      />
    </Box>
  );
}
