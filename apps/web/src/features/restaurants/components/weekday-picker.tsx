import { useId } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS } from '@cd/core';

export type RestaurantWeekday = (typeof WEEKDAYS)[number];

type Props = {
  label: string;
  value: readonly string[];
  onChange: (days: RestaurantWeekday[]) => void;
  disabled?: boolean;
};

/**
 * Weekday checkboxes with 'All', Monday to Sunday (spec 001 §9; the shared WeekdayCheckboxGroup keeps its own
 * Sunday-first order, spec README). Values are core's lowercase weekday names.
 */
export function WeekdayPicker({ label, value, onChange, disabled = false }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  const checked = new Set(value);
  const count = WEEKDAYS.filter((d) => checked.has(d)).length;
  const all = count === WEEKDAYS.length;
  const toggle = (day: RestaurantWeekday) => {
    const next = new Set(checked);
    if (next.has(day)) next.delete(day);
    else next.add(day);
    onChange(WEEKDAYS.filter((d) => next.has(d)));
  };
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend" id={labelId}>
        {label}
      </FormLabel>
      <FormGroup row aria-labelledby={labelId}>
        <FormControlLabel
          label={t('restaurant.weekdays.all')}
          control={
            <Checkbox
              checked={all}
              indeterminate={count > 0 && !all}
              onChange={() => onChange(all ? [] : [...WEEKDAYS])}
            />
          }
        />
        {WEEKDAYS.map((day) => (
          <FormControlLabel
            key={day}
            label={t(`restaurant.weekdays.${day}`)}
            control={<Checkbox checked={checked.has(day)} onChange={() => toggle(day)} />}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
