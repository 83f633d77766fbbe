import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SyncRun } from '@cd/core';
import { useNotify } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { useStartSync, useSyncRuns, type SyncMode } from '../api';

const chipColor = { queued: 'default', running: 'info', done: 'success', error: 'error' } as const;

function StatusChip({ run }: { run: SyncRun }) {
  const { t } = useTranslation();
  return <Chip size="small" color={chipColor[run.status]} label={t(`posVsd.status.${run.status}`)} />;
}

/** The two syncs of the restaurant and the log (one row per target of each sync), newest first. */
export function SyncSection({ restaurant }: { restaurant: string }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const runs = useSyncRuns(restaurant);
  const start = useStartSync(restaurant);
  const run = (mode: SyncMode) =>
    start.mutate(mode, {
      onSuccess: (answer) => notify({ severity: 'success', message: answer.message }),
      onError: (error) => notify({ severity: 'error', message: describeError(error, i18n) }),
    });
  const rows = runs.data?.runs ?? [];
  return (
    <Paper component="section" aria-labelledby="pos-sync-heading" variant="outlined" sx={{ p: 2, mt: 3 }}>
      <Typography id="pos-sync-heading" variant="h6" component="h2">
        {t('posVsd.sync.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('posVsd.sync.hint')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Button variant="contained" disabled={start.isPending} onClick={() => run('pos')}>
          {t('posVsd.sync.pos')}
        </Button>
        <Button variant="outlined" disabled={start.isPending} onClick={() => run('aggregator')}>
          {t('posVsd.sync.aggregator')}
        </Button>
      </Box>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{runs.isLoading ? t('posVsd.loading') : t('posVsd.sync.empty')}</Typography>
      ) : (
        // Focusable: on a phone the log scrolls sideways, and a keyboard must be able to scroll it.
        <TableContainer tabIndex={0} role="region" aria-label={t('posVsd.sync.logRegion')}>
          <Table size="small" aria-label={t('posVsd.sync.logLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('posVsd.sync.when')}</TableCell>
                <TableCell>{t('posVsd.sync.target')}</TableCell>
                <TableCell>{t('posVsd.sync.status')}</TableCell>
                <TableCell align="right">{t('posVsd.sync.items')}</TableCell>
                <TableCell align="right">{t('posVsd.sync.attempts')}</TableCell>
                <TableCell>{t('posVsd.sync.answer')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} data-testid={`sync-run-${r.id}`}>
                  <TableCell>{new Date(r.created_at).toLocaleString()}</TableCell>
                  <TableCell>
                    {r.target_name} ({t(`posVsd.kind.${r.kind}`)})
                  </TableCell>
                  <TableCell>
                    <StatusChip run={r} />
                  </TableCell>
                  <TableCell align="right">{r.item_count}</TableCell>
                  <TableCell align="right">{r.attempts}</TableCell>
                  <TableCell sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {r.response_status !== null ? `HTTP ${r.response_status} ` : ''}
                    {r.response_excerpt.slice(0, 120)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
