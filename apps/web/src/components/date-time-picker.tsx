import type { Dayjs } from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { useTranslation } from 'react-i18next';
import { EnsureDateLocalization } from './date-localization-provider';
import { DateSelection } from './date-selection';
import { isCompleteDate } from './date-selection-rules';
import { DATE_FORMAT, ISO_DATE, TIME_FORMAT, parseIsoDate, parseTime } from './date-values';
import { StaticMultiDateCalendar } from './static-multi-date-calendar';
import { usePickerDraft } from './use-picker-draft';

type Common = { label?: string; disabled?: boolean; helperText?: string; error?: boolean };
type DateBounds = { minDate?: string; maxDate?: string };

/** One date, 'YYYY-MM-DD', shown DD-MM-YYYY; null when empty or half-typed. */
export type DatePickerFieldProps = Common &
  DateBounds & { value: string | null; onChange: (value: string | null) => void };
/** One time of day, 'HH:mm' (24-hour); null when empty or half-typed. */
export type TimePickerFieldProps = Common & { value: string | null; onChange: (value: string | null) => void };
/** Several dates, 'YYYY-MM-DD', sorted ascending. */
export type MultiDateProps = Common & DateBounds & { value: readonly string[]; onChange: (value: string[]) => void };

export type ThemedDateTimePickerProps =
  | ({ type: 'date' } & DatePickerFieldProps)
  | ({ type: 'time' } & TimePickerFieldProps)
  | ({ type: 'multi_date_selection'; maxDates?: number } & MultiDateProps)
  | ({ type: 'static_multi_date_selection' } & MultiDateProps);

/** The picker of spec 000 §2.4 in one of its four types; dates DD-MM-YYYY, times HH:mm (spec 000 §9). */
export function ThemedDateTimePicker(props: ThemedDateTimePickerProps) {
  switch (props.type) {
    case 'date':
      return <DateField {...props} />;
    case 'time':
      return <TimeField {...props} />;
    case 'multi_date_selection':
      return (
        <DateSelection
          value={props.value}
          onChange={props.onChange}
          label={props.label}
          allowRange={false}
          minDate={props.minDate}
          maxEndDate={props.maxDate}
          maxDates={props.maxDates}
          disabled={props.disabled}
        />
      );
    case 'static_multi_date_selection':
      return (
        <StaticMultiDateCalendar
          value={props.value}
          onChange={props.onChange}
          label={props.label}
          minDate={props.minDate}
          maxDate={props.maxDate}
          disabled={props.disabled}
        />
      );
  }
}

const dateCodec = {
  parse: parseIsoDate,
  format: (value: Dayjs) => value.format(ISO_DATE),
  isComplete: isCompleteDate,
};

const timeCodec = {
  parse: parseTime,
  format: (value: Dayjs) => value.format(TIME_FORMAT),
  isComplete: (value: Dayjs) => value.isValid(),
};

function DateField({ value, onChange, label, disabled, helperText, error, minDate, maxDate }: DatePickerFieldProps) {
  const { t } = useTranslation();
  const [draft, handleChange] = usePickerDraft(value, onChange, dateCodec);
  return (
    <EnsureDateLocalization>
      <DatePicker
        label={label ?? t('widgets.dateTimePicker.date')}
        format={DATE_FORMAT}
        value={draft}
        onChange={handleChange}
        minDate={parseIsoDate(minDate) ?? undefined}
        maxDate={parseIsoDate(maxDate) ?? undefined}
        disabled={disabled}
        slotProps={{ textField: { helperText, error } }}
      />
    </EnsureDateLocalization>
  );
}

function TimeField({ value, onChange, label, disabled, helperText, error }: TimePickerFieldProps) {
  const { t } = useTranslation();
  const [draft, handleChange] = usePickerDraft(value, onChange, timeCodec);
  return (
    <EnsureDateLocalization>
      <TimePicker
        label={label ?? t('widgets.dateTimePicker.time')}
        format={TIME_FORMAT}
        ampm={false}
        views={['hours', 'minutes']}
        value={draft}
        onChange={handleChange}
        disabled={disabled}
        slotProps={{ textField: { helperText, error } }}
      />
    </EnsureDateLocalization>
  );
}
