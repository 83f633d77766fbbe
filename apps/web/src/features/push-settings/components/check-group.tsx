import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';

/** Read by assistive technology, not shown (the column header says it). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

type Props<T extends string | number> = {
  /** The group's name for assistive technology ("Channels of Order placed"); the column header shows it. */
  label: string;
  values: readonly T[];
  name: (value: T) => string;
  checked: readonly T[];
  onChange: (checked: T[]) => void;
  error?: string;
  disabled?: boolean;
};

/** A compact group of checkboxes in a table cell, answering the checked values in the list's order. */
export function CheckGroup<T extends string | number>(props: Props<T>) {
  const { label, values, name, checked, onChange, error, disabled } = props;
  const toggle = (value: T, on: boolean) => onChange(values.filter((v) => (v === value ? on : checked.includes(v))));
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} sx={{ m: 0 }}>
      <Box component="legend" sx={visuallyHidden}>
        {label}
      </Box>
      <FormGroup row>
        {values.map((value) => (
          <FormControlLabel
            key={value}
            label={name(value)}
            control={
              <Checkbox
                size="small"
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
