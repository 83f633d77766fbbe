import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { changeBody, type Subscription, type SubscriptionAction } from '@cd/core';
import { ThemedDateTimePicker } from '../../../components/date-time-picker';
import { ConflictAlert, FormShell } from '../../../components/resource';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/server-message';
import { fetchSubscription, useChangeSubscription } from '../api';
import { formatLocalTime, today } from '../format';

type ChangeInput = z.input<typeof changeBody>;
type ChangeOutput = z.output<typeof changeBody>;

type Props = { subscription: Subscription; action: SubscriptionAction; onClose: () => void };

/**
 * Pause, resume or cancel one subscription from a day on ("Pause C-1001"): From (and for a pause an optional
 * Until), posted with the version shown. The server's refusal (the restaurant's deadline for that day's meal has
 * passed, or someone changed it first) shows in the dialog, which stays open with what was typed.
 */
export function ChangeDialog({ subscription, action, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const change = useChangeSubscription();
  const [version, setVersion] = useState(subscription.version);
  const [failure, setFailure] = useState('');
  const [conflict, setConflict] = useState('');
  const form = useForm<ChangeInput, unknown, ChangeOutput>({
    defaultValues: { action, from: today(), until: null },
    resolver: zodResolver(changeBody),
  });
  const ref = subscription.customer_ref;

  const submit = form.handleSubmit(async (values) => {
    setFailure('');
    setConflict('');
    try {
      const answer = await change.mutateAsync({ id: subscription.id, body: { ...values, version } });
      snackbar.show(answer.message || t('subscriptions.change.done'), 'success');
      onClose();
    } catch (error) {
      const message = describeError(error, i18n);
      if (error instanceof ApiError && error.code === 'versionConflict') setConflict(message);
      else setFailure(message);
    }
  });

  const reload = async () => {
    const fresh = await fetchSubscription(subscription);
    if (fresh) setVersion(fresh.version);
    setConflict('');
  };

  return (
    <FormShell
      variant="dialog"
      title={t(`subscriptions.change.${action}`, { ref })}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      actions={
        <>
          <Button onClick={onClose}>{t('subscriptions.change.back')}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {t('resource.save')}
          </Button>
        </>
      }
    >
      {conflict && <ConflictAlert message={conflict} onReload={() => void reload()} />}
      {failure && (
        <Alert severity="error" onClose={() => setFailure('')}>
          {failure}
        </Alert>
      )}
      {subscription.status !== 'cancelled' && (
        <Typography variant="body2" color="text.secondary">
          {t('subscriptions.change.deadline', { time: formatLocalTime(subscription.next_change_by) })}
        </Typography>
      )}
      <Controller
        control={form.control}
        name="from"
        render={({ field, fieldState }) => (
          <ThemedDateTimePicker
            type="date"
            label={t('subscriptions.change.from')}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? t(`subscriptions.change.fromHint.${action}`)}
          />
        )}
      />
      {action === 'pause' && (
        <Controller
          control={form.control}
          name="until"
          render={({ field, fieldState }) => (
            <ThemedDateTimePicker
              type="date"
              label={t('subscriptions.change.until')}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value ?? null)}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? t('subscriptions.change.untilHint')}
            />
          )}
        />
      )}
    </FormShell>
  );
}
