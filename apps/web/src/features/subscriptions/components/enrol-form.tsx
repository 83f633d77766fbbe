import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { enrolBody, type SubscriptionPlan } from '@cd/core';
import { ThemedDateTimePicker } from '../../../components/date-time-picker';
import { FormTextField } from '../../../components/resource';
import { useSnackbar } from '../../../components/snackbar';
import { classifySaveFailure } from '../../../lib/save-failure';
import { useEnrol } from '../api';
import { today } from '../format';

type EnrolInput = z.input<typeof enrolBody>;
type EnrolOutput = z.output<typeof enrolBody>;

/**
 * Enrol a customer on a plan (POST /subscriptions) by their reference and a start date (today by default).
 * Refusals naming a field (a start in the past) show under it; others (already subscribed, plan not active)
 * above the fields.
 */
export function EnrolForm({ plan }: { plan: SubscriptionPlan }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const enrol = useEnrol();
  const [failure, setFailure] = useState('');
  const form = useForm<EnrolInput, unknown, EnrolOutput>({
    defaultValues: { plan_id: plan.id, customer_ref: '', start_date: today() },
    resolver: zodResolver(enrolBody),
  });

  const submit = form.handleSubmit(async (values) => {
    setFailure('');
    try {
      const answer = await enrol.mutateAsync(values);
      snackbar.show(answer.message || t('subscriptions.enrol.done', { ref: values.customer_ref }), 'success');
      form.reset({ plan_id: plan.id, customer_ref: '', start_date: values.start_date });
    } catch (error) {
      const shown = classifySaveFailure(error, i18n, ['customer_ref', 'start_date']);
      if (shown.kind === 'fields') {
        for (const { field, message } of shown.fields) {
          form.setError(field as FieldPath<EnrolInput>, { type: 'server', message });
        }
      } else setFailure(shown.message);
    }
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('subscriptions.enrol.form')}
      onSubmit={(event) => void submit(event)}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      {failure && (
        <Alert severity="error" onClose={() => setFailure('')}>
          {failure}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <FormTextField
          control={form.control}
          name="customer_ref"
          label={t('subscriptions.enrol.customerRef')}
          required
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ width: 240 }}
        />
        <Box sx={{ width: 200 }}>
          <Controller
            control={form.control}
            name="start_date"
            render={({ field, fieldState }) => (
              <ThemedDateTimePicker
                type="date"
                label={t('subscriptions.enrol.startDate')}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                minDate={today()}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
        </Box>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} sx={{ mt: 1 }}>
          {t('subscriptions.enrol.submit')}
        </Button>
      </Box>
    </Box>
  );
}
