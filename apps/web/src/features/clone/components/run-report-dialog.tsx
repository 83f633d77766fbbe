import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CloneRun } from '@cd/core';
import { RunStatus } from './run-status';

const SEVERITY = { cloned: 'success', unchanged: 'info', left_alone: 'error' } as const;

/** The conflict report of one clone: each target's outcome, why a target was left alone, and the conflicts met. */
export function RunReportDialog({ run, onClose }: { run: CloneRun; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="clone-report-title">
      <DialogTitle id="clone-report-title">{t('clone.report.title', { name: run.source_name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ mb: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t(`clone.mode.${run.mode}`)} · {t(`clone.trigger.${run.trigger}`)} · {run.created_by}
          </Typography>
          <RunStatus run={run} />
        </Stack>
        {run.results.length === 0 && <Typography>{t('clone.report.pending')}</Typography>}
        <Stack spacing={1.5}>
          {run.results.map((r) => (
            <Alert key={r.restaurant} severity={SEVERITY[r.status]} aria-label={r.name}>
              <Typography sx={{ fontWeight: 600 }}>
                {r.name}: {t(`clone.result.${r.status}`)}
              </Typography>
              <Typography variant="body2">{r.reason}</Typography>
              {r.conflicts.length > 0 && r.status !== 'left_alone' && (
                <Box component="ul" sx={{ my: 0.5, pl: 2 }}>
                  {r.conflicts.map((c, i) => (
                    <Typography component="li" variant="body2" key={`${c.kind}-${i}`}>
                      {c.message}
                    </Typography>
                  ))}
                </Box>
              )}
            </Alert>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('clone.report.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
