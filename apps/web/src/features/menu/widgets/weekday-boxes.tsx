import { useId } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { useTranslation } from 'react-i18next';
import { MENU_WEEKDAYS, type DaysAvailable } from '@cd/core';

type Props = { label: string; value: DaysAvailable; onChange: (value: DaysAvailable) => void; disabled?: boolean };

/**
 * The item's days, Monday to Sunday (spec 001 §9; the shared WeekdayCheckboxGroup keeps its own Sunday-first
 * order, spec README), with 'All'.
 */
export function WeekdayBoxes({ label, value, onChange, disabled = false }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  const count = MENU_WEEKDAYS.filter((d) => value[d]).length;
  const all = count === MENU_WEEKDAYS.length;
  const setAll = (on: boolean) => onChange(Object.fromEntries(MENU_WEEKDAYS.map((d) => [d, on])) as DaysAvailable);
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend" id={labelId}>
        {label}
      </FormLabel>
      <FormGroup row aria-labelledby={labelId}>
        <FormControlLabel
          label={t('editMenu.days.all')}
          control={<Checkbox checked={all} indeterminate={count > 0 && !all} onChange={() => setAll(!all)} />}
        />
        {MENU_WEEKDAYS.map((day) => (
          <FormControlLabel
            key={day}
            label={t(`editMenu.days.${day}`)}
            control={<Checkbox checked={value[day]} onChange={() => onChange({ ...value, [day]: !value[day] })} />}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
