import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';

type Props<T extends string> = {
  label: string;
  values: readonly T[];
  name: (value: T) => string;
  checked: readonly T[];
  onChange: (checked: T[]) => void;
  error?: string;
  disabled?: boolean;
};

/** A labelled group of checkboxes choosing some of a list of values, kept in the list's order. */
export function CheckGroup<T extends string>({ label, values, name, checked, onChange, error, disabled }: Props<T>) {
  const toggle = (value: T, on: boolean) => onChange(values.filter((v) => (v === value ? on : checked.includes(v))));
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled}>
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row>
        {values.map((value) => (
          <FormControlLabel
            key={value}
            label={name(value)}
            control={
              <Checkbox checked={checked.includes(value)} onChange={(event) => toggle(value, event.target.checked)} />
            }
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
