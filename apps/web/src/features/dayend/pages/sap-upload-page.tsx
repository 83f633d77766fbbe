import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RestaurantPicker } from '../../../components';
import { describeError } from '../../../lib/server-message';
import { useUrlState } from '../../../lib/url-state';
import { useDays } from '../api';
import { SapLogList } from '../components/sap-log-list';
import { UploadPanel } from '../components/upload-panel';
import { addDays, formatDate, today } from '../format';
import { useLogRefreshOnJobEnd } from '../sap-api';
import { dayUrl } from '../url';

/** How far back the closed days offered reach. */
const CLOSED_DAYS_BACK = 90;

/**
 * /sapupload (page sapupload; issue 15): a restaurant and one of its closed days (`?restaurant=&date=`, the
 * newest closed day by default), the posting's summary and Upload (a background task); below, the restaurant's
 * SAP log with status, attempts, files and Retry.
 */
export function SapUploadPage() {
  const { t, i18n } = useTranslation();
  const { state, update } = useUrlState(dayUrl);
  const restaurant = state.restaurant;
  const days = useDays(restaurant ? { restaurant, from: addDays(today(), -CLOSED_DAYS_BACK), to: today() } : null);
  const closed = (days.data ?? []).filter((d) => d.state === 'closed');
  const date = state.date ?? closed[0]?.business_date;
  const [jobs, setJobs] = useState<string[]>([]);
  useLogRefreshOnJobEnd(jobs);
  const onJob = (id: string) => setJobs((j) => [...j, id]);
  // A date from the address that is not among the closed days still shows (the panel says it is not closed).
  const offered =
    date && !closed.some((d) => d.business_date === date)
      ? [date, ...closed.map((d) => d.business_date)]
      : closed.map((d) => d.business_date);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('sap.upload.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('sap.upload.intro')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3 }}>
        <RestaurantPicker
          label={t('dayend.restaurant')}
          value={restaurant}
          onChange={(next) => update({ restaurant: next, date: undefined })}
        />
        <TextField
          select
          size="small"
          label={t('sap.upload.closedDay')}
          value={date ?? ''}
          onChange={(event) => update({ date: event.target.value || undefined })}
          disabled={!restaurant || offered.length === 0}
          sx={{ minWidth: 200 }}
        >
          {offered.map((d) => (
            <MenuItem key={d} value={d}>
              {formatDate(d)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {days.isError && <Alert severity="error">{describeError(days.error, i18n)}</Alert>}
      {restaurant && days.isSuccess && !date && <Alert severity="info">{t('sap.upload.noClosedDays')}</Alert>}
      {restaurant && date && (
        <Box sx={{ mb: 4 }}>
          <UploadPanel key={`${restaurant}:${date}`} day={{ restaurant, business_date: date }} onJob={onJob} />
        </Box>
      )}
      <SapLogList restaurant={restaurant} onJob={onJob} />
    </Box>
  );
}
