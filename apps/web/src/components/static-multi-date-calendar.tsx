import { useId, useMemo, useState } from 'react';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { PickersDay, type PickersDayProps } from '@mui/x-date-pickers/PickersDay';
import { useTranslation } from 'react-i18next';
import { EnsureDateLocalization } from './date-localization-provider';
import { mergeDates, parseIsoDate, toIsoDate } from './date-values';

export type StaticMultiDateCalendarProps = {
  /** Selected dates as 'YYYY-MM-DD'; onChange answers them sorted ascending. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  label?: string;
  minDate?: string;
  maxDate?: string;
  disabled?: boolean;
};

type SelectableDayProps = PickersDayProps & { selectedDates?: ReadonlySet<string> };

/** A calendar day drawn as selected when its date is in the selection (not only when it is "the" value). */
function SelectableDay({ selectedDates, ...props }: SelectableDayProps) {
  const selected = selectedDates?.has(toIsoDate(props.day as Dayjs)) ?? false;
  return <PickersDay {...props} selected={selected} aria-selected={selected} />;
}

/** An always-visible month calendar; clicking a day adds it to the selection or takes it out. */
export function StaticMultiDateCalendar(props: StaticMultiDateCalendarProps) {
  return (
    <EnsureDateLocalization>
      <Calendar {...props} />
    </EnsureDateLocalization>
  );
}

function Calendar({ value, onChange, label, minDate, maxDate, disabled = false }: StaticMultiDateCalendarProps) {
  const { t } = useTranslation();
  const legendId = useId();
  const selectedDates = useMemo(() => new Set(value), [value]);
  // The month first shown: the earliest selected date's, else today's. Later the user moves freely.
  const [referenceDate] = useState<Dayjs>(() => parseIsoDate(mergeDates(value, [])[0]) ?? dayjs());
  const dayProps: Partial<SelectableDayProps> = { selectedDates };

  const handleDayChange = (day: Dayjs | null) => {
    if (!day?.isValid()) return;
    const iso = toIsoDate(day);
    onChange(selectedDates.has(iso) ? mergeDates(value, []).filter((d) => d !== iso) : mergeDates(value, [iso]));
  };

  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend" id={legendId}>
        {label ?? t('widgets.dateTimePicker.dates')}
      </FormLabel>
      <DateCalendar
        value={null}
        onChange={handleDayChange}
        referenceDate={referenceDate}
        views={['day']}
        minDate={parseIsoDate(minDate) ?? undefined}
        maxDate={parseIsoDate(maxDate) ?? undefined}
        disabled={disabled}
        slots={{ day: SelectableDay }}
        slotProps={{ day: dayProps }}
      />
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {value.length === 0
          ? t('widgets.dateSelection.empty')
          : t('widgets.dateSelection.selectedCount', { count: selectedDates.size })}
      </Typography>
    </FormControl>
  );
}
