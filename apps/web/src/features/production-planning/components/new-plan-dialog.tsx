import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  ALL_DAY,
  LOOKBACK_DEFAULT,
  LOOKBACK_MAX,
  PEAK_PCT_DEFAULT,
  PRODUCTION_METHODS,
  productionProposeBody,
  type ProductionMethod,
} from '@cd/core';
import { FormShell } from '../../../components/resource';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/server-message';
import { usePropose, useProductionSessions } from '../api';
import { useSessionName } from './session-name';

type Props = { restaurant: string; onClose: () => void; onProposed: (id: number) => void };

/** Tomorrow in the browser's time zone, YYYY-MM-DD. */
function tomorrow(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const WEEKS = Array.from({ length: LOOKBACK_MAX }, (_, i) => i + 1);

/**
 * New plan (`?action=new`): the day, the session, how many past same weekdays to look at, the method and a buffer.
 * Proposing an existing draft refreshes it (hand changes kept); the plan opens when it is proposed.
 */
export function NewPlanDialog({ restaurant, onClose, onProposed }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const sessionName = useSessionName();
  const sessions = useProductionSessions(restaurant);
  const propose = usePropose();
  const [date, setDate] = useState(tomorrow);
  const [session, setSession] = useState(ALL_DAY);
  const [weeks, setWeeks] = useState(LOOKBACK_DEFAULT);
  const [method, setMethod] = useState<ProductionMethod>('average');
  const [buffer, setBuffer] = useState('0');
  const [peak, setPeak] = useState(String(PEAK_PCT_DEFAULT));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const parsed = productionProposeBody.safeParse({
      restaurant,
      plan_date: date,
      session,
      lookback_weeks: weeks,
      method,
      buffer_pct: buffer.trim() === '' ? 0 : Number(buffer),
      peak_pct: Number(peak),
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        next[field] ??= /expected number/i.test(issue.message)
          ? t('productionPlanning.newPlan.wholePercent')
          : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    propose.mutate(parsed.data, {
      onSuccess: (answer) => {
        snackbar.show(answer.message, 'success');
        onProposed(answer.plan.id);
      },
    });
  };

  // An approved plan of that day and session is not proposed again: the notice offers to open it.
  const approvedId =
    propose.error instanceof ApiError && propose.error.code === 'planApproved'
      ? Number(propose.error.extras.plan_id)
      : 0;
  const options = sessions.data ?? [ALL_DAY];
  return (
    <FormShell
      variant="dialog"
      title={t('productionPlanning.newPlan.title')}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (!propose.isPending) submit();
      }}
      actions={
        <>
          <Button onClick={onClose}>{t('resource.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={propose.isPending}>
            {t('productionPlanning.newPlan.propose')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          type="date"
          label={t('productionPlanning.newPlan.date')}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          required
          error={Boolean(errors.plan_date)}
          helperText={errors.plan_date}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          select
          label={t('productionPlanning.newPlan.session')}
          value={options.includes(session) ? session : ALL_DAY}
          onChange={(e) => setSession(e.target.value)}
          error={Boolean(errors.session)}
          helperText={errors.session ?? t('productionPlanning.newPlan.sessionHelp')}
        >
          {options.map((s) => (
            <MenuItem key={s} value={s}>
              {sessionName(s)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('productionPlanning.newPlan.lookback')}
          value={weeks}
          onChange={(e) => setWeeks(Number(e.target.value))}
          helperText={t('productionPlanning.newPlan.lookbackHelp')}
        >
          {WEEKS.map((w) => (
            <MenuItem key={w} value={w}>
              {t('productionPlanning.newPlan.weeks', { count: w })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('productionPlanning.newPlan.method')}
          value={method}
          onChange={(e) => setMethod(e.target.value as ProductionMethod)}
          helperText={t(`productionPlanning.methodHelp.${method}`)}
        >
          {PRODUCTION_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {t(`productionPlanning.method.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        {method === 'peak' && (
          <TextField
            label={t('productionPlanning.newPlan.peakPct')}
            value={peak}
            onChange={(e) => setPeak(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            error={Boolean(errors.peak_pct)}
            helperText={errors.peak_pct ?? t('productionPlanning.newPlan.peakHelp')}
          />
        )}
        <TextField
          label={t('productionPlanning.newPlan.buffer')}
          value={buffer}
          onChange={(e) => setBuffer(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={Boolean(errors.buffer_pct)}
          helperText={errors.buffer_pct ?? t('productionPlanning.newPlan.bufferHelp')}
        />
        {propose.isError && (
          <Alert
            severity="error"
            action={
              approvedId > 0 && (
                <Button color="inherit" size="small" onClick={() => onProposed(approvedId)}>
                  {t('productionPlanning.newPlan.openApproved')}
                </Button>
              )
            }
          >
            {describeError(propose.error, i18n)}
          </Alert>
        )}
      </Stack>
    </FormShell>
  );
}
