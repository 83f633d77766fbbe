import { useId } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { useTranslation } from 'react-i18next';

/**
 * The days in this control's order, Sunday to Saturday (spec 000 §2.4; the spec README keeps each control's
 * own order). The value holds these English names, not indexes: they read the same in data, logs and URLs,
 * and dayjs's English `format('dddd')` gives the same strings.
 */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type WeekdayCheckboxGroupProps = {
  /** Checked days (other strings are ignored); onChange answers them in Sunday-to-Saturday order. */
  value: readonly string[];
  onChange: (value: Weekday[]) => void;
  /** Group label; default 'Days'. */
  label?: string;
  disabled?: boolean;
  /** One line (default) or one day per line. */
  row?: boolean;
};

/** Seven day checkboxes and 'All', which checks or clears every day. */
export function WeekdayCheckboxGroup({
  value,
  onChange,
  label,
  disabled = false,
  row = true,
}: WeekdayCheckboxGroupProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const checked = new Set<string>(value);
  const checkedCount = WEEKDAYS.filter((day) => checked.has(day)).length;
  const allChecked = checkedCount === WEEKDAYS.length;

  const handleAllChange = () => onChange(allChecked ? [] : [...WEEKDAYS]);
  const handleDayChange = (day: Weekday) => {
    const next = new Set(checked);
    if (next.has(day)) next.delete(day);
    else next.add(day);
    onChange(WEEKDAYS.filter((d) => next.has(d)));
  };

  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend" id={labelId}>
        {label ?? t('widgets.weekdays.label')}
      </FormLabel>
      <FormGroup row={row} aria-labelledby={labelId}>
        <FormControlLabel
          label={t('widgets.weekdays.all')}
          control={
            <Checkbox checked={allChecked} indeterminate={checkedCount > 0 && !allChecked} onChange={handleAllChange} />
          }
        />
        {WEEKDAYS.map((day) => (
          <FormControlLabel
            key={day}
            label={t(`widgets.weekdays.days.${day}`)}
            control={<Checkbox checked={checked.has(day)} onChange={() => handleDayChange(day)} />}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
