import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  REPORT_EXPORT_FORMATS,
  REPORT_FREQUENCIES,
  REPORT_SCHEDULE_PERIODS,
  reportSubscriptionBody,
  type ReportRunBody,
} from '@cd/core';
import { FormTextField, ResourceFormDialog } from '../../../components/resource';
import { useCreateSubscription } from '../api';

/** What the dialog asks; the report and its filters come from the runner. An empty e-mail means the user's own. */
const scheduleSchema = reportSubscriptionBody
  .pick({ period: true, frequency: true, weekday: true, hour: true, format: true })
  .extend({ email: z.preprocess((v) => (v === '' ? undefined : v), reportSubscriptionBody.shape.email) });

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

type Props = { label: string; body: ReportRunBody; onClose: () => void };

/**
 * Schedule by e-mail: the report with the runner's filters, sent daily or weekly at an hour (UTC) for a period
 * counted back from the day it is sent (yesterday, the last 7 days, …) as .xlsx, .csv or .pdf.
 */
export function ScheduleDialog({ label, body, onClose }: Props) {
  const { t } = useTranslation();
  const create = useCreateSubscription();
  const { report, restaurants, session, channel, order_type } = body;
  return (
    <ResourceFormDialog
      onClose={onClose}
      reload={async () => null}
      title={t('reports.schedule.title', { report: label })}
      subtitle={t('reports.schedule.intro')}
      schema={scheduleSchema}
      toValues={() => ({
        period: 'last_7_days' as const,
        frequency: 'weekly' as const,
        weekday: 1,
        hour: 6,
        format: 'xlsx' as const,
        email: '',
      })}
      save={(values) => create.mutateAsync({ report, restaurants, session, channel, order_type, ...values })}
    >
      {(form) => {
        const weekly = form.watch('frequency') === 'weekly';
        return (
          <>
            <FormTextField control={form.control} name="period" label={t('reports.schedule.period')} select>
              {REPORT_SCHEDULE_PERIODS.map((p) => (
                <MenuItem key={p} value={p}>
                  {t(`reports.schedule.periods.${p}`)}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField control={form.control} name="frequency" label={t('reports.schedule.frequency')} select>
              {REPORT_FREQUENCIES.map((f) => (
                <MenuItem key={f} value={f}>
                  {t(`reports.schedule.frequencies.${f}`)}
                </MenuItem>
              ))}
            </FormTextField>
            {weekly && (
              <FormTextField control={form.control} name="weekday" label={t('reports.schedule.weekday')} select>
                {WEEKDAYS.map((d) => (
                  <MenuItem key={d} value={d}>
                    {t(`reports.schedule.weekdays.${d}`)}
                  </MenuItem>
                ))}
              </FormTextField>
            )}
            <FormTextField control={form.control} name="hour" label={t('reports.schedule.hour')} select>
              {HOURS.map((h) => (
                <MenuItem key={h} value={h}>
                  {`${String(h).padStart(2, '0')}:00`}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField control={form.control} name="format" label={t('reports.schedule.format')} select>
              {REPORT_EXPORT_FORMATS.map((f) => (
                <MenuItem key={f} value={f}>
                  {t(`reports.export.${f}`)}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={form.control}
              name="email"
              type="email"
              label={t('reports.schedule.email')}
              hint={t('reports.schedule.emailDefault')}
            />
          </>
        );
      }}
    </ResourceFormDialog>
  );
}
