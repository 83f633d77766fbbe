import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DayEnd } from '@cd/core';
import { formatDate, formatTime } from '../format';
import { DayStateChip } from './day-state-chip';

type Props = { day: DayEnd; onReopen: () => void };

/** The day's state, who closed (and reopened) it and when, the restaurant's day-end options, and Reopen. */
export function DayHeader({ day, onReopen }: Props) {
  const { t } = useTranslation();
  const o = day.options;
  const options = [
    o.autodayend ? t('dayend.options.auto', { minutes: o.auto_cutoff_time }) : t('dayend.options.manual'),
    o.carryforward_stock ? t('dayend.options.carryforward') : '',
    o.nullify_stock ? t('dayend.options.nullify') : '',
  ].filter(Boolean);
  return (
    <Box component="section" aria-label={t('dayend.dayState')} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {t('dayend.dayTitle', { restaurant: day.restaurant_name, date: formatDate(day.business_date) })}
        </Typography>
        <DayStateChip state={day.state} />
        <Box sx={{ flex: 1 }} />
        {day.can_reopen && (
          <Button variant="outlined" onClick={onReopen}>
            {t('dayend.reopen.open')}
          </Button>
        )}
      </Box>
      {day.closed_at && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('dayend.closedBy', { by: day.closed_by ?? '—', at: formatTime(day.closed_at) })}
        </Typography>
      )}
      {day.reopened_at && (
        <Typography color="text.secondary">
          {t('dayend.reopenedBy', { by: day.reopened_by ?? '—', at: formatTime(day.reopened_at) })}
        </Typography>
      )}
      {day.note && <Typography sx={{ mt: 1 }}>{t('dayend.noteShown', { note: day.note })}</Typography>}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {options.join(' · ')}
      </Typography>
    </Box>
  );
}
