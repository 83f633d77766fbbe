import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { validateAvailability, type RestaurantFields, type RestaurantView } from '@cd/core';
import { AlertPopup } from '../../../components/alert-popup';
import { DateSelection } from '../../../components/date-selection';
import { GenericDialog } from '../../../components/generic-dialog';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/api-client';
import { useUpdateAvailability, type AvailabilitySettings } from '../api';
import { WeekdayPicker } from '../components/weekday-picker';
import { ddmmyyyyToIso, isoToDdmmyyyy } from '../dates';
import { issueText } from '../form-validation';

type Props = {
  values: AvailabilitySettings;
  /** Set when editing a stored restaurant: Save then calls the settings update at once. */
  saved?: { restaurant: string; version: number };
  /** The values to put into the form, and the stored restaurant when the server saved them. */
  onApply: (values: AvailabilitySettings, restaurant?: RestaurantView) => void;
  onClose: () => void;
};

/**
 * The restaurant availability settings (spec 001 §2.2, §3.2): closed weekdays and offline dates, each with the
 * message guests see; a message is required once days or dates are chosen (spec 001 §4.1, §5.1). Mount it to
 * open it.
 */
export function AvailabilityDialog({ values, saved, onApply, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const [draft, setDraft] = useState<AvailabilitySettings>(values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const update = useUpdateAvailability();

  const change = (patch: Partial<AvailabilitySettings>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors({});
  };

  const translateCode = (group: 'codes' | 'failures', code: string | undefined, fallback: string) => {
    const key = `restaurant.availability.${group}.${(code ?? '').replace(/[^A-Za-z0-9]/g, '')}`;
    return code && i18n.exists(key) ? t(key) : fallback;
  };

  const handleSave = async () => {
    const issues = validateAvailability(draft as RestaurantFields['options']);
    if (issues.length) {
      setErrors(Object.fromEntries(issues.map((i) => [i.field.replace(/^options\./, ''), issueText(i, t)])));
      return;
    }
    const settings = {
      ...draft,
      non_available_days_msg: draft.non_available_days_msg.trim(),
      non_available_dates_msg: draft.non_available_dates_msg.trim(),
    };
    if (!saved) {
      onApply(settings);
      return;
    }
    try {
      const answer = await update.mutateAsync({ restaurantid: saved.restaurant, version: saved.version, settings });
      snackbar.show(translateCode('codes', answer.extras?.code, t('restaurant.availability.updated')), 'success');
      onApply(settings, answer.restaurant);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : '';
      setFailure(translateCode('failures', code, t('restaurant.availability.failed')));
    }
  };

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <GenericDialog
      open
      title={t('restaurant.availability.title')}
      onClose={onClose}
      actionLabel={t('restaurant.availability.save')}
      onAction={() => void handleSave()}
      actionDisabled={update.isPending}
      maxWidth="md"
    >
      <Stack spacing={2}>
        {hasErrors && (
          <Alert severity="warning" role="alert">
            {t('restaurant.errors.removeErrMsg')}
          </Alert>
        )}
        <WeekdayPicker
          label={t('restaurant.fields.non_available_days')}
          value={draft.non_available_days}
          onChange={(days) => change({ non_available_days: days })}
        />
        <TextField
          label={t('restaurant.fields.non_available_days_msg')}
          value={draft.non_available_days_msg}
          onChange={(e) => change({ non_available_days_msg: e.target.value })}
          required={draft.non_available_days.length > 0}
          error={Boolean(errors.non_available_days_msg)}
          helperText={errors.non_available_days_msg}
          size="small"
          fullWidth
        />
        <DateSelection
          label={t('restaurant.fields.non_available_dates')}
          value={draft.non_available_dates.map(ddmmyyyyToIso)}
          onChange={(dates) => change({ non_available_dates: dates.map(isoToDdmmyyyy) })}
        />
        <TextField
          label={t('restaurant.fields.non_available_dates_msg')}
          value={draft.non_available_dates_msg}
          onChange={(e) => change({ non_available_dates_msg: e.target.value })}
          required={draft.non_available_dates.length > 0}
          error={Boolean(errors.non_available_dates_msg)}
          helperText={errors.non_available_dates_msg}
          size="small"
          fullWidth
        />
      </Stack>
      <AlertPopup alertType="failure" alertPrimaryText={failure} onClose={() => setFailure('')} />
    </GenericDialog>
  );
}
