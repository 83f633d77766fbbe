import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { visuallyHidden } from './visually-hidden';

type Props<T extends string | number> = {
  /** The group's name (its legend); with `compact`, for assistive technology only (a column header shows it). */
  label: string;
  values: readonly T[];
  name: (value: T) => string;
  checked: readonly T[];
  onChange: (checked: T[]) => void;
  error?: string;
  disabled?: boolean;
  /** Small boxes and a hidden legend, for a table cell. */
  compact?: boolean;
};

/** A group of checkboxes choosing some of a list of values, answered in the list's order. */
export function CheckGroup<T extends string | number>(props: Props<T>) {
  const { label, values, name, checked, onChange, error, disabled, compact = false } = props;
  const toggle = (value: T, on: boolean) => onChange(values.filter((v) => (v === value ? on : checked.includes(v))));
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} sx={compact ? { m: 0 } : undefined}>
      {compact ? (
        <Box component="legend" sx={visuallyHidden}>
          {label}
        </Box>
      ) : (
        <FormLabel component="legend">{label}</FormLabel>
      )}
      <FormGroup row>
        {values.map((value) => (
          <FormControlLabel
            key={value}
            label={name(value)}
            control={
              <Checkbox
                size={compact ? 'small' : 'medium'}
                checked={checked.includes(value)}
                onChange={(event) => toggle(value, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
