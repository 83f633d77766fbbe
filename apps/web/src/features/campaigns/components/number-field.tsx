import { useState, type ReactNode } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { isBlockedNumberKey } from '../../../components';

type Props<T extends FieldValues, TOut> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error' | 'type'> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** Shown when the field has no error. */
  hint?: ReactNode;
  /** Said when the text is not a number (empty or half-typed). */
  notANumber: string;
  startAdornment?: ReactNode;
  step?: number | 'any';
  min?: number;
  max?: number;
};

const textOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '');

/**
 * A number bound to a react-hook-form field: the form holds a number (NaN while the text is empty or not a
 * number, which core's schema refuses), the field keeps the text as typed.
 */
export function NumberField<T extends FieldValues, TOut = T>({
  control,
  name,
  hint,
  notANumber,
  startAdornment,
  step = 1,
  min = 0,
  max,
  ...props
}: Props<T, TOut>) {
  const { field, fieldState } = useController<T, FieldPath<T>, TOut>({ control, name });
  const [text, setText] = useState(() => textOf(field.value));
  const [seen, setSeen] = useState<unknown>(field.value);
  // A value set from outside (a reset, a reload after a conflict) replaces the text.
  if (!Object.is(field.value, seen)) {
    setSeen(field.value);
    if (Number(text) !== field.value || text.trim() === '') setText(textOf(field.value));
  }
  const error = fieldState.error;
  return (
    <TextField
      {...props}
      type="number"
      name={field.name}
      value={text}
      onChange={(event) => {
        const raw = event.target.value;
        const value = raw.trim() === '' ? Number.NaN : Number(raw);
        setText(raw);
        setSeen(value);
        field.onChange(value);
      }}
      onKeyDown={(event) => {
        if (isBlockedNumberKey(event.key, false)) event.preventDefault();
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={error ? (error.type === 'invalid_type' ? notANumber : error.message) : hint}
      slotProps={{ htmlInput: { min, max, step }, input: { startAdornment } }}
    />
  );
}
