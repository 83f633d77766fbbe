import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ReportGroup } from '@cd/core';
import { describeError } from '../../../lib/server-message';
import { useVisibleReports } from '../api';
import { ReportRunner, type RunnableReport } from '../components/report-runner';

/**
 * A report group's page (/general_reports, /standardSalesReports, /standard-item-wise-report; core's
 * REPORT_GROUP_PAGES): the reports of the group the user sees (spec 000 §6: the client lists' reports whose key
 * they hold) in one runner. A report belongs to its client (issue 33): listed by two clients, it is offered twice,
 * each labelled with its client's name and reading only that client's restaurants.
 */
export function ReportGroupPage({ group }: { group: ReportGroup }) {
  const { t, i18n } = useTranslation();
  const visible = useVisibleReports();
  const reports = useMemo(
    () =>
      (visible.data?.reports ?? [])
        .filter((r) => r.group === group)
        .map((r): RunnableReport => ({ key: r.key, label: r.label })),
    [visible.data, group],
  );

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h5" component="h1">
        {t(`reports.groups.${group}.title`)}
      </Typography>
      <Typography color="text.secondary">{t(`reports.groups.${group}.intro`)}</Typography>
      {visible.isPending && <Typography>{t('reports.loading')}</Typography>}
      {visible.isError && <Alert severity="error">{describeError(visible.error, i18n)}</Alert>}
      {visible.isSuccess && reports.length === 0 && <Alert severity="info">{t('reports.runner.noReports')}</Alert>}
      {reports.length > 0 && <ReportRunner reports={reports} />}
    </Box>
  );
}

export const GeneralReportsPage = () => <ReportGroupPage group="generalReport" />;
export const StandardSalesReportsPage = () => <ReportGroupPage group="standardSalesReport" />;
export const ItemWiseReportsPage = () => <ReportGroupPage group="standardItemWiseReport" />;
