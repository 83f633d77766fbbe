import type { ReactNode } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type Props<T extends FieldValues, TOut> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** Shown when the field has no error. */
  hint?: ReactNode;
  /** Rewrites what is typed as it is typed (e.g. codes in capitals). */
  normalize?: (text: string) => string;
};

/** An MUI text field bound to a react-hook-form field; the field's error shows under it. */
export function FormTextField<T extends FieldValues, TOut = T>({
  control,
  name,
  hint,
  normalize,
  ...props
}: Props<T, TOut>) {
  const { field, fieldState } = useController<T, FieldPath<T>, TOut>({ control, name });
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(normalize ? normalize(event.target.value) : event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? hint}
    />
  );
}
