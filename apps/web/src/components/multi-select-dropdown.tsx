import { useId } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select, { type SelectChangeEvent } from '@mui/material/Select';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export type MultiSelectOption = { value: string; label: string };

export type MultiSelectDropdownProps = {
  label: string;
  options: readonly MultiSelectOption[];
  value: readonly string[];
  /** Answers the chosen values in the options' order. */
  onChange: (value: string[]) => void;
  /** Adds a 'Select all' entry at the top of the list. */
  selectAll?: boolean;
  disabled?: boolean;
  helperText?: string;
  error?: boolean;
  fullWidth?: boolean;
};

/** How many chosen names the closed field shows before the count (spec 000 §2.4). */
export const MULTI_SELECT_NAMES_SHOWN = 3;

// A value no real option uses: MUI's Select reports the 'Select all' entry as one more value.
const SELECT_ALL = '\u0000select-all';

/**
 * The closed field's text: up to three chosen names in the options' order, joined by ', ', then ' +N' for the
 * rest, e.g. 'Lunch, Dinner, Snacks +2'. Values without an option show as they are.
 */
export function summariseSelection(
  options: readonly MultiSelectOption[],
  value: readonly string[],
  t: TFunction,
): string {
  const chosen = new Set(value);
  const known = options.filter((option) => chosen.has(option.value)).map((option) => option.label);
  const unknown = value.filter((v) => !options.some((option) => option.value === v));
  const names = [...known, ...unknown];
  const shown = names.slice(0, MULTI_SELECT_NAMES_SHOWN).join(', ');
  const rest = names.length - MULTI_SELECT_NAMES_SHOWN;
  return rest > 0 ? `${shown} ${t('widgets.multiSelect.more', { count: rest })}` : shown;
}

/** A dropdown of checkboxes; the closed field summarises the choice. */
export function MultiSelectDropdown({
  label,
  options,
  value,
  onChange,
  selectAll = false,
  disabled = false,
  helperText,
  error,
  fullWidth = true,
}: MultiSelectDropdownProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const helperId = useId();
  const chosen = new Set(value);
  const chosenCount = options.filter((option) => chosen.has(option.value)).length;
  const allChosen = options.length > 0 && chosenCount === options.length;

  const handleChange = (event: SelectChangeEvent<string[]>) => {
    const raw = event.target.value;
    const next = new Set(typeof raw === 'string' ? raw.split(',') : raw);
    if (next.has(SELECT_ALL)) {
      onChange(allChosen ? [] : options.map((option) => option.value));
      return;
    }
    const ordered = options.filter((option) => next.has(option.value)).map((option) => option.value);
    const unknown = [...next].filter((v) => !options.some((option) => option.value === v));
    onChange([...ordered, ...unknown]);
  };

  return (
    <FormControl fullWidth={fullWidth} disabled={disabled} error={error}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select<string[]>
        multiple
        labelId={labelId}
        value={[...value]}
        onChange={handleChange}
        input={<OutlinedInput label={label} />}
        renderValue={(selected) => summariseSelection(options, selected, t)}
        aria-describedby={helperText ? helperId : undefined}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 360 } } } }}
      >
        {selectAll && (
          <MenuItem value={SELECT_ALL}>
            <Checkbox checked={allChosen} indeterminate={chosenCount > 0 && !allChosen} />
            <ListItemText primary={t('widgets.multiSelect.selectAll')} />
          </MenuItem>
        )}
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            <Checkbox checked={chosen.has(option.value)} />
            <ListItemText primary={option.label} />
          </MenuItem>
        ))}
      </Select>
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
