import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/page-loading';
import { describeError } from '../../../lib/server-message';
import { useUrlState } from '../../../lib/url-state';
import { useDay } from '../api';
import { BlockersChecklist } from '../components/blockers-checklist';
import { CountForm } from '../components/count-form';
import { CountSummary } from '../components/count-summary';
import { DayChooser } from '../components/day-chooser';
import { DayHeader } from '../components/day-header';
import { DayHistory } from '../components/day-history';
import { ReopenDialog } from '../components/reopen-dialog';
import { ZTotals } from '../components/z-totals';
import { addDays, today, yesterday } from '../format';
import { dayendUrl } from '../url';

/** How far back the list of recent days and the day-end log reach from the day shown. */
const HISTORY_DAYS = 30;

/**
 * /dayend (page dayend; spec 000 §2.3, issue 15): a restaurant's business day (`?restaurant=&date=`, yesterday
 * by default): what blocks closing and how to resolve it, the Z totals beside the count, Close day, Reopen for
 * holders of dayend_reopen, and below the restaurant's recent days and its day-end log.
 */
export function DayendPage() {
  const { t, i18n } = useTranslation();
  const { state, update } = useUrlState(dayendUrl);
  const date = state.date ?? yesterday();
  const restaurant = state.restaurant;
  const day = useDay(restaurant ? { restaurant, business_date: date } : null);
  const [reopening, setReopening] = useState(false);
  const last = today();
  const end = addDays(date, 7) < last ? addDays(date, 7) : last;
  const range = restaurant ? { restaurant, from: addDays(date, -HISTORY_DAYS), to: end } : null;
  const data = day.data;
  const open = data && data.state !== 'closed';

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('dayend.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('dayend.intro')}
      </Typography>
      <Box sx={{ mb: 3 }}>
        <DayChooser
          restaurant={restaurant}
          date={date}
          maxDate={last}
          onChange={(patch) => update(patch.date ? { date: patch.date } : { restaurant: patch.restaurant })}
        />
      </Box>

      {!restaurant && <Typography color="text.secondary">{t('dayend.pickRestaurant')}</Typography>}
      {day.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void day.refetch()}>
              {t('resource.retry')}
            </Button>
          }
        >
          {describeError(day.error, i18n)}
        </Alert>
      )}
      {restaurant && day.isPending && <PageLoading />}
      {data && (
        <>
          <DayHeader day={data} onReopen={() => setReopening(true)} />
          {open && <BlockersChecklist day={data} />}
          <Box
            sx={{
              display: 'grid',
              gap: 4,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
            }}
          >
            <ZTotals totals={data.totals} />
            {open ? (
              <CountForm key={`${data.restaurant}:${data.business_date}:${data.version}`} day={data} />
            ) : (
              <CountSummary day={data} />
            )}
          </Box>
          {reopening && data.can_reopen && <ReopenDialog day={data} onClose={() => setReopening(false)} />}
        </>
      )}
      {range && (
        <DayHistory
          range={range}
          date={date}
          tab={state.tab}
          onTab={(tab) => update({ tab }, { replace: true })}
          onDate={(next) => update({ date: next })}
        />
      )}
    </Box>
  );
}
