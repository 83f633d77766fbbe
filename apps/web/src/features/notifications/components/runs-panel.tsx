import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { NotificationRun } from '@cd/core';
import { FormSection } from '../../../components/form-parts';
import { ScrollRegion } from '../../../components/scroll-region';
import { describeError } from '../../../lib/server-message';
import { useRuns } from '../api';
import { formatCount, formatTime } from '../format';

/** A run's progress: a bar and its percent, named for assistive technology by the run's start. */
export function RunProgress({ run }: { run: NotificationRun }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 140 }}>
      <LinearProgress
        variant="determinate"
        value={run.progress}
        color={run.error ? 'error' : run.finished_at ? 'success' : 'primary'}
        aria-label={t('notifications.runs.progressOf', { time: formatTime(run.started_at) })}
        sx={{ flex: 1, height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }}>
        {run.progress}%
      </Typography>
    </Box>
  );
}

/**
 * A notification's runs (GET /notifications/:id/runs), newest first: when, a test or a send, the progress bar,
 * sent, failed and targeted, and what went wrong; asked again every 2 s while a run is unfinished.
 */
export function RunsPanel({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const runs = useRuns(id);
  return (
    <FormSection title={t('notifications.runs.title')}>
      {runs.isError && <Alert severity="error">{describeError(runs.error, i18n)}</Alert>}
      {runs.data && runs.data.length === 0 && (
        <Typography color="text.secondary">{t('notifications.runs.none')}</Typography>
      )}
      {runs.data && runs.data.length > 0 && (
        <ScrollRegion label={t('notifications.runs.title')}>
          <Table size="small" aria-label={t('notifications.runs.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('notifications.runs.started')}</TableCell>
                <TableCell>{t('notifications.runs.kind')}</TableCell>
                <TableCell>{t('notifications.runs.progress')}</TableCell>
                <TableCell align="right">{t('notifications.runs.sent')}</TableCell>
                <TableCell align="right">{t('notifications.runs.failed')}</TableCell>
                <TableCell align="right">{t('notifications.runs.targeted')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {runs.data.map((run) => (
                <TableRow key={run.id}>
                  <TableCell>
                    {formatTime(run.started_at)}
                    {run.error && (
                      <Typography variant="body2" color="error">
                        {run.error}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{t(run.test ? 'notifications.runs.test' : 'notifications.runs.send')}</TableCell>
                  <TableCell>
                    <RunProgress run={run} />
                  </TableCell>
                  <TableCell align="right">{formatCount(run.sent)}</TableCell>
                  <TableCell align="right">{formatCount(run.failed)}</TableCell>
                  <TableCell align="right">{formatCount(run.targeted)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    </FormSection>
  );
}
