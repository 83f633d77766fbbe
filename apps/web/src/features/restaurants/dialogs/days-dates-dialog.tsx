import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { DateSelection } from '../../../components/date-selection';
import { GenericDialog } from '../../../components/generic-dialog';
import { WeekdayPicker, type RestaurantWeekday } from '../components/weekday-picker';
import { ddmmyyyyToIso, isoToDdmmyyyy } from '../dates';

type Props = {
  title: string;
  days: readonly RestaurantWeekday[];
  /** dd-mm-yyyy */
  dates: readonly string[];
  onDone: (days: RestaurantWeekday[], dates: string[]) => void;
  onClose: () => void;
};

/** Picks the weekdays and dates a convenience-fee row applies on (spec 001 §2.2). Mount it to open it. */
export function DaysDatesDialog({ title, days, dates, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const [draftDays, setDraftDays] = useState<RestaurantWeekday[]>([...days]);
  const [draftDates, setDraftDates] = useState<string[]>(dates.map(ddmmyyyyToIso));
  return (
    <GenericDialog
      open
      title={title}
      onClose={onClose}
      actionLabel={t('restaurant.common.done')}
      onAction={() => onDone(draftDays, draftDates.map(isoToDdmmyyyy))}
      maxWidth="md"
    >
      <Stack spacing={2}>
        <WeekdayPicker label={t('restaurant.fees.days')} value={draftDays} onChange={setDraftDays} />
        <DateSelection label={t('restaurant.fees.dates')} value={draftDates} onChange={setDraftDates} />
      </Stack>
    </GenericDialog>
  );
}
