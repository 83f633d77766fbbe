import { Replay as ReplayIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SAP_POSTING_STATUSES, type SapLog } from '@cd/core';
import { ChoiceFilter, DateRangeFilter, ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { useSnackbar } from '../../../components/snackbar';
import { moneyFormatter } from '../../../lib/money';
import { describeError } from '../../../lib/server-message';
import { useUrlState } from '../../../lib/url-state';
import { formatDate, formatTime, SAP_STATUS_COLOR } from '../format';
import { sapLogApi, sapLogFileUrl, useRefreshLogsSoon, useSapRetry } from '../sap-api';
import { sapLogsUrl } from '../url';

type Props = {
  restaurant: string | undefined;
  /** Called with the task a retry started, so the log is read again when it ends. */
  onJob: (jobId: string) => void;
};

/**
 * The SAP log of a restaurant (vendor/saplogs): each posting and reversal with its status, attempts, lines,
 * totals, files to download and the error of a failed delivery, which Retry delivers again.
 */
export function SapLogList({ restaurant, onJob }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const url = useUrlState(sapLogsUrl);
  const { state, update } = url;
  const retry = useSapRetry();
  const refreshSoon = useRefreshLogsSoon();
  const filter = (patch: Parameters<typeof update>[0]) => update({ ...patch, page: undefined });
  const name = (l: SapLog) => t('sap.log.name', { id: l.id, date: formatDate(l.business_date) });

  const columns: ResourceColumn<SapLog>[] = [
    {
      id: 'business_date',
      header: t('dayend.businessDate'),
      sortable: true,
      primary: true,
      cell: (l) => formatDate(l.business_date),
    },
    {
      id: 'kind',
      header: t('sap.log.kind'),
      cell: (l) => (l.reverses ? t('sap.log.reversalOf', { id: l.reverses }) : t(`sap.log.kinds.${l.kind}`)),
    },
    {
      id: 'status',
      header: t('sap.log.status'),
      sortable: true,
      primary: true,
      cell: (l) => <Chip size="small" color={SAP_STATUS_COLOR[l.status]} label={t(`sap.log.statuses.${l.status}`)} />,
    },
    { id: 'attempts', header: t('sap.log.attempts'), sortable: true, align: 'right', cell: (l) => l.attempts },
    {
      id: 'lines',
      header: t('sap.log.lines'),
      align: 'right',
      cell: (l) => t('sap.log.linesIn', { lines: l.lines, documents: l.documents }),
    },
    { id: 'debit', header: t('sap.preview.debit'), align: 'right', cell: (l) => moneyFormatter(l.currency)(l.debit) },
    {
      id: 'credit',
      header: t('sap.preview.credit'),
      align: 'right',
      cell: (l) => moneyFormatter(l.currency)(l.credit),
    },
    {
      id: 'files',
      header: t('sap.log.files'),
      cell: (l) =>
        l.files.length === 0 ? (
          '—'
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column' }}>
            {l.files.map((file) => (
              <Link key={file} href={sapLogFileUrl(l, file)} download={file} onClick={refreshSoon}>
                {file}
              </Link>
            ))}
          </Box>
        ),
    },
    {
      id: 'error',
      header: t('sap.log.error'),
      cell: (l) =>
        l.error ? (
          <Typography variant="body2" color="error">
            {l.error}
          </Typography>
        ) : (
          '—'
        ),
    },
    {
      id: 'created_at',
      header: t('sap.log.created'),
      sortable: true,
      cell: (l) => `${formatTime(l.created_at)} · ${l.created_by}`,
    },
    { id: 'sent_at', header: t('sap.log.sent'), cell: (l) => formatTime(l.sent_at) },
  ];

  const startRetry = (log: SapLog) =>
    retry.mutate(log, {
      onSuccess: (answer) => {
        if (answer.job?.id) onJob(answer.job.id);
        snackbar.show(answer.message || t('sap.log.retrying'), 'info');
      },
      onError: (error) => snackbar.show(describeError(error, i18n), 'error'),
    });

  return (
    <ResourceListPage
      title={t('sap.log.title')}
      headingLevel={2}
      api={sapLogApi}
      url={url}
      fixedQuery={restaurant ? { restaurant } : undefined}
      enabled={Boolean(restaurant)}
      columns={columns}
      listLabel={t('sap.log.listLabel')}
      rowName={name}
      searchLabel={t('sap.log.search')}
      filters={
        <>
          <DateRangeFilter from={state.from} to={state.to} onChange={filter} />
          <ChoiceFilter
            label={t('sap.log.status')}
            value={state.status}
            values={SAP_POSTING_STATUSES}
            name={(v) => t(`sap.log.statuses.${v}`)}
            onChange={(status) => filter({ status })}
          />
        </>
      }
      empty={restaurant ? t('sap.log.empty') : t('dayend.pickRestaurant')}
      exportable={false}
      canEdit={() => false}
      renderForm={() => null}
      rowActions={(l) =>
        l.status === 'failed' && (
          <Tooltip title={t('sap.log.retry', { name: name(l) })}>
            <span>
              <IconButton
                aria-label={t('sap.log.retry', { name: name(l) })}
                size="small"
                disabled={retry.isPending}
                onClick={() => startRetry(l)}
              >
                <ReplayIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )
      }
    />
  );
}
