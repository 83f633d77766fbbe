import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';

export type RadioOption = { value: string; label: string; disabled?: boolean };

export type RadioGroupFieldProps = {
  label: string;
  options: readonly RadioOption[];
  /** The chosen option's value; '' or null when none is chosen. */
  value: string | null;
  onChange: (value: string) => void;
  /** Options side by side instead of one per line. */
  row?: boolean;
  disabled?: boolean;
  name?: string;
  helperText?: string;
  error?: boolean;
};

/** A labelled group of radio buttons; single options can be disabled. */
export function RadioGroupField({
  label,
  options,
  value,
  onChange,
  row = false,
  disabled = false,
  name,
  helperText,
  error,
}: RadioGroupFieldProps) {
  const labelId = useId();
  const helperId = useId();
  return (
    <FormControl component="fieldset" disabled={disabled} error={error}>
      <FormLabel component="legend" id={labelId}>
        {label}
      </FormLabel>
      <RadioGroup
        row={row}
        name={name}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        aria-labelledby={labelId}
        aria-describedby={helperText ? helperId : undefined}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            label={option.label}
            disabled={option.disabled}
            control={<Radio />}
          />
        ))}
      </RadioGroup>
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
