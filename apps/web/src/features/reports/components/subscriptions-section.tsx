import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ReportSubscription } from '@cd/core';
import { ConfirmPopup } from '../../../components/confirm-popup';
import { useSnackbar } from '../../../components/snackbar';
import { SYNC_TIME_FORMAT } from '../../../lib/format';
import { describeError } from '../../../lib/server-message';
import { useDeleteSubscription, useSubscriptions } from '../api';
import { visuallyHidden } from '../../../components/visually-hidden';

const at = (value: string | null) => (value && dayjs(value).isValid() ? dayjs(value).format(SYNC_TIME_FORMAT) : '—');

/** "My scheduled reports": what is sent to whom and when; Delete stops one. */
export function SubscriptionsSection() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const subscriptions = useSubscriptions();
  const remove = useDeleteSubscription();
  const [asking, setAsking] = useState<ReportSubscription | null>(null);
  const when = (s: ReportSubscription) => {
    const hour = `${String(s.hour).padStart(2, '0')}:00`;
    return s.frequency === 'daily'
      ? t('reports.subscriptions.daily', { hour })
      : t('reports.subscriptions.weekly', { weekday: t(`reports.schedule.weekdays.${s.weekday}`), hour });
  };
  const confirm = () => {
    const s = asking;
    setAsking(null);
    if (!s) return;
    remove.mutate(s.id, {
      onSuccess: (answer) => snackbar.show(answer.message || t('reports.subscriptions.deleted'), 'success'),
      onError: (error) => snackbar.show(describeError(error, i18n), 'error'),
    });
  };
  const rows = subscriptions.data ?? [];

  return (
    <Box component="section" aria-labelledby="reports-subscriptions">
      <Typography id="reports-subscriptions" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('reports.subscriptions.title')}
      </Typography>
      {subscriptions.isError && <Alert severity="error">{describeError(subscriptions.error, i18n)}</Alert>}
      {subscriptions.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary">{t('reports.subscriptions.empty')}</Typography>
      )}
      {rows.length > 0 && (
        <TableContainer
          tabIndex={0}
          role="region"
          aria-label={t('reports.table.scrollRegion', { name: t('reports.subscriptions.title') })}
        >
          <Table size="small" aria-label={t('reports.subscriptions.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('reports.subscriptions.report')}</TableCell>
                <TableCell>{t('reports.schedule.period')}</TableCell>
                <TableCell>{t('reports.subscriptions.when')}</TableCell>
                <TableCell>{t('reports.schedule.format')}</TableCell>
                <TableCell>{t('reports.subscriptions.email')}</TableCell>
                <TableCell>{t('reports.subscriptions.next')}</TableCell>
                <TableCell>{t('reports.subscriptions.last')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {t('reports.subscriptions.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <TableRow key={s.id}>
                  <TableCell component="th" scope="row">
                    {s.label}
                  </TableCell>
                  <TableCell>{t(`reports.schedule.periods.${s.period}`)}</TableCell>
                  <TableCell>{when(s)}</TableCell>
                  <TableCell>{t(`reports.export.${s.format}`)}</TableCell>
                  <TableCell>{s.email}</TableCell>
                  <TableCell>{at(s.next_run_at)}</TableCell>
                  <TableCell>
                    {s.last_error ? (
                      <Typography variant="body2" color="error">
                        {s.last_error}
                      </Typography>
                    ) : (
                      at(s.last_run_at)
                    )}
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      color="error"
                      aria-label={t('reports.subscriptions.deleteOne', { report: s.label })}
                      disabled={remove.isPending}
                      onClick={() => setAsking(s)}
                    >
                      {t('reports.subscriptions.delete')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmPopup
        open={asking !== null}
        type="warning"
        title={t('reports.subscriptions.confirmTitle')}
        primaryText={
          asking ? t('reports.subscriptions.confirmText', { report: asking.label, email: asking.email }) : ''
        }
        positiveLabel={t('reports.subscriptions.delete')}
        onPositive={confirm}
        onNegative={() => setAsking(null)}
      />
    </Box>
  );
}
