import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { DetailTable } from '../../../components/resource';
import { moneyFormatter } from '../../../lib/money';
import { describeError } from '../../../lib/server-message';
import { useDayLogs, useDays, type Range } from '../api';
import { formatDate, formatTime } from '../format';
import { DayStateChip } from './day-state-chip';

type Props = {
  range: Range;
  date: string;
  tab: 'days' | 'log';
  onTab: (tab: 'days' | 'log') => void;
  onDate: (date: string) => void;
};

/** Below the day: the restaurant's recent days with their state (each opens that day) and its day-end log. */
export function DayHistory({ range, date, tab, onTab, onDate }: Props) {
  const { t, i18n } = useTranslation();
  const days = useDays(tab === 'days' ? range : null);
  const logs = useDayLogs(tab === 'log' ? range : null);
  const failed = tab === 'days' ? days.error : logs.error;
  return (
    <Box component="section" sx={{ mt: 4 }}>
      <Tabs value={tab} onChange={(_e, next: 'days' | 'log') => onTab(next)} sx={{ mb: 2 }}>
        <Tab value="days" label={t('dayend.history.days')} />
        <Tab value="log" label={t('dayend.history.log')} />
      </Tabs>
      {failed && <Alert severity="error">{describeError(failed, i18n)}</Alert>}
      {tab === 'days' && days.data && (
        <DetailTable
          title={t('dayend.history.days')}
          rows={days.data}
          rowKey={(d) => d.business_date}
          selected={(d) => d.business_date === date}
          empty={t('dayend.history.noDays')}
          columns={[
            {
              header: t('dayend.businessDate'),
              cell: (d) => (
                <Link
                  component="button"
                  type="button"
                  onClick={() => onDate(d.business_date)}
                  aria-current={d.business_date === date ? 'date' : undefined}
                >
                  {formatDate(d.business_date)}
                </Link>
              ),
            },
            { header: t('dayend.history.state'), cell: (d) => <DayStateChip state={d.state} /> },
            { header: t('dayend.totals.orders'), cell: (d) => d.orders, align: 'right' },
            { header: t('dayend.totals.net'), cell: (d) => moneyFormatter(d.currency)(d.net), align: 'right' },
            {
              header: t('dayend.history.closed'),
              cell: (d) => (d.closed_at ? `${formatTime(d.closed_at)} · ${d.closed_by ?? ''}` : '—'),
            },
          ]}
        />
      )}
      {tab === 'log' && logs.data && (
        <DetailTable
          title={t('dayend.history.log')}
          rows={logs.data}
          rowKey={(l) => String(l.id)}
          empty={t('dayend.history.noLog')}
          columns={[
            { header: t('dayend.history.at'), cell: (l) => formatTime(l.at) },
            { header: t('dayend.businessDate'), cell: (l) => formatDate(l.business_date) },
            { header: t('dayend.history.action'), cell: (l) => t(`dayend.log.${l.action}`) },
            { header: t('dayend.history.by'), cell: (l) => l.actor },
            { header: t('dayend.history.detail'), cell: (l) => l.detail || '—' },
            {
              header: t('dayend.totals.net'),
              cell: (l) => (l.totals ? moneyFormatter(l.totals.currency)(l.totals.net) : '—'),
              align: 'right',
            },
          ]}
        />
      )}
    </Box>
  );
}
