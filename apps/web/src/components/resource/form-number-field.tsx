import { useEffect, useState, type ReactNode } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { moneyAdornment } from '../money-adornment';

/** The number a field's text stands for: undefined when empty, NaN when not a number (the schema says so). */
export const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.replace(',', '.')));

/**
 * zod's "Invalid input: expected number, received undefined" (or NaN) reads as an instruction here; its range
 * messages ("Too small: expected number to be >=1") are left as they are.
 */
function useNumberMessage() {
  const { t } = useTranslation();
  return (message: string | undefined) =>
    message && /^(Invalid input|expected number)/i.test(message) ? t('resource.enterNumber') : message;
}

type FormNumberFieldProps<T extends FieldValues, TOut> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'error' | 'type'
> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  hint?: ReactNode;
  /** A money amount: the currency symbol beside it, decimals allowed. */
  money?: boolean;
  /** A whole number (quantities, counts). */
  whole?: boolean;
  /**
   * Empty is not a number (NaN) rather than no value, so a default in the schema cannot fill it in: the field
   * says "Enter a number" and the form is not sent. For a field that must be filled whose schema has a default.
   */
  refuseEmpty?: boolean;
};

/**
 * A number bound to a react-hook-form field (FormTextField for numbers). The text typed is kept as typed ("12." while typing 12.5); the
 * field holds its number (undefined when empty), so core's schema judges it and its message shows under it.
 */
export function FormNumberField<T extends FieldValues, TOut = T>({
  control,
  name,
  hint,
  money,
  whole,
  refuseEmpty,
  slotProps,
  ...props
}: FormNumberFieldProps<T, TOut>) {
  const { field, fieldState } = useController<T, FieldPath<T>, TOut>({ control, name });
  const message = useNumberMessage();
  const value = field.value as unknown as number | undefined | null;
  const [text, setText] = useState(typeof value === 'number' && !Number.isNaN(value) ? String(value) : '');
  // A value set from outside (a reset, a kind switched) replaces the text unless it is what the text says. NaN
  // is only ever the text's own (empty or not a number), which stays as typed.
  useEffect(() => {
    const shown = numberOf(text);
    if (value === undefined || value === null) {
      if (shown !== undefined && !Number.isNaN(shown)) setText('');
    } else if (!Number.isNaN(value) && shown !== value) setText(String(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <TextField
      {...props}
      name={field.name}
      value={text}
      onChange={(event) => {
        const typed = numberOf(event.target.value);
        setText(event.target.value);
        field.onChange(typed === undefined && refuseEmpty ? Number.NaN : typed);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={message(fieldState.error?.message) ?? hint}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: whole ? 'numeric' : 'decimal', ...(slotProps?.htmlInput as object) },
        input: { ...(money ? { startAdornment: moneyAdornment() } : {}), ...(slotProps?.input as object) },
      }}
    />
  );
}
