import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ScheduleSendOutlined as ScheduleSendOutlinedIcon } from '../../../components/icons';
import { useTranslation } from 'react-i18next';
import { periodDays, REPORT_MAX_DAYS, reportsNamed } from '@cd/core';
import { formatIsoDate } from '../../../components/date-values';
import { describeError } from '../../../lib/server-message';
import { useUrlState } from '../../../lib/url-state';
import { useReportRun } from '../api';
import { periodOf, runBodyOf, runnerUrl } from '../url';
import { ExportMenu } from './export-menu';
import { ReportChart } from './report-chart';
import { ReportFilters } from './report-filters';
import { ReportTable } from './report-table';
import { ScheduleDialog } from './schedule-dialog';

export type RunnableReport = { key: string; label: string };

type Props = {
  /** The reports to choose from (`?report=KEY`; the first when the address names none) … */
  reports?: readonly RunnableReport[];
  /** … or the one report this runner runs. */
  fixed?: RunnableReport;
  /** Keeps the runner's address keys apart from the page's own. */
  prefix?: string;
};

/**
 * One report runner for every report page (issue 14): the report, its filters and comparison in the address; the
 * chart and the table of the answer; Export (a background task) and Schedule by e-mail with the same filters.
 */
export function ReportRunner({ reports = [], fixed, prefix = '' }: Props) {
  const { t, i18n } = useTranslation();
  const { state, update } = useUrlState(runnerUrl, { prefix });
  // `?report=` holds a report's id (`client:key`); an older address's bare key names the one report listed under
  // it. Listed by several clients, it goes to the server as it is, which runs it only when the restaurants read
  // are one client's and otherwise says which reports to choose from (issue 33).
  const named = state.report ? reportsNamed(reports, state.report) : [];
  const ambiguous = !fixed && named.length > 1;
  const chosenKey = fixed?.key ?? (!state.report ? reports[0]?.key : ambiguous ? state.report : named[0]?.key);
  const period = periodOf(state);
  const tooLong = period.to >= period.from && periodDays(period.from, period.to) > REPORT_MAX_DAYS;
  const body = useMemo(() => (chosenKey ? runBodyOf(chosenKey, state) : null), [chosenKey, state]);
  const run = useReportRun(body && !tooLong ? body : null);
  const answer = run.data;
  const chosen: RunnableReport | undefined =
    fixed ??
    (ambiguous
      ? { key: state.report!, label: answer?.report.label ?? state.report! }
      : reports.find((r) => r.key === chosenKey));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {!fixed && (
        <TextField
          select
          size="small"
          label={t('reports.runner.report')}
          value={ambiguous ? '' : (chosen?.key ?? '')}
          onChange={(event) => update({ report: event.target.value || undefined })}
          sx={{ maxWidth: 420 }}
        >
          {reports.map((r) => (
            <MenuItem key={r.key} value={r.key}>
              {r.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {!chosen && state.report && <Alert severity="warning">{t('reports.runner.notVisible')}</Alert>}
      <ReportFilters state={state} period={period} onChange={update} />
      {tooLong && (
        <Alert severity="warning" role="alert">
          {t('reports.runner.tooLong', { days: REPORT_MAX_DAYS })}
        </Alert>
      )}
      {chosen && body && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <ExportMenu body={body} disabled={tooLong} />
          <Button
            variant="outlined"
            startIcon={<ScheduleSendOutlinedIcon />}
            onClick={() => update({ dialog: 'schedule' })}
          >
            {t('reports.schedule.open')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 1 } }}>
            {t('reports.runner.period', { from: formatIsoDate(period.from), to: formatIsoDate(period.to) })}
            {answer?.comparison &&
              ` ${t('reports.runner.comparedWith', {
                from: formatIsoDate(answer.comparison.from),
                to: formatIsoDate(answer.comparison.to),
              })}`}
          </Typography>
        </Box>
      )}
      {run.isFetching && <LinearProgress aria-label={t('reports.runner.running')} />}
      {run.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void run.refetch()}>
              {t('reports.runner.retry')}
            </Button>
          }
        >
          {describeError(run.error, i18n)}
        </Alert>
      )}
      {chosen && !answer && run.isPending && !tooLong && <Typography>{t('reports.runner.running')}</Typography>}
      {answer && !run.isError && (
        <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
          {answer.truncated && <Alert severity="info">{t('reports.runner.truncated')}</Alert>}
          {answer.rows.length === 0 ? (
            <Typography>{t('reports.runner.empty')}</Typography>
          ) : (
            <>
              <ReportChart answer={answer} />
              <ReportTable answer={answer} busy={run.isFetching} />
            </>
          )}
        </Paper>
      )}
      {chosen && body && state.dialog === 'schedule' && (
        <ScheduleDialog label={chosen.label} body={body} onClose={() => update({ dialog: undefined })} />
      )}
    </Box>
  );
}
