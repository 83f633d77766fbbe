import { useId, type ComponentProps, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

type InputProps = ComponentProps<typeof OutlinedInput>;

export type TextInputProps = Omit<InputProps, 'label' | 'error'> & {
  label: string;
  helperText?: string;
  error?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/**
 * An outlined text field with a label and helper text. It looks like MUI's TextField, which also bundles
 * Select, Menu and Popover; the sign-in screens must stay within the initial-JS budget (DESIGN.md §7).
 */
export function TextInput({ label, helperText, error, ref, id, fullWidth = true, ...input }: TextInputProps) {
  const autoId = useId();
  const inputId = id ?? `input-${autoId}`;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={error}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={inputId}
        label={label}
        inputRef={ref}
        inputProps={{ ...input.inputProps, 'aria-describedby': helperId }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
