import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { EnsureDateLocalization } from '../date-localization-provider';
import { SYNC_TIME_FORMAT } from '../../lib/format';

/** What the form holds while the field shows a half-typed or impossible time: core's schema refuses it. */
const UNFINISHED = 'unfinished';

type Props<T extends FieldValues, TOut> = {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  /** Said when the field's text is not a whole date and time. */
  unfinished: string;
  disabled?: boolean;
  /** Shown under the field when it has no error. */
  hint?: string;
};

const parse = (value: unknown) => (typeof value === 'string' && dayjs(value).isValid() ? dayjs(value) : null);

/**
 * A date and time (DD-MM-YYYY HH:mm, the shell's format) bound to a form field holding an ISO time with the
 * local offset, or null when empty.
 */
export function FormDateTimeField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  unfinished,
  disabled,
  hint,
}: Props<T, TOut>) {
  const { field, fieldState } = useController<T, FieldPath<T>, TOut>({ control, name });
  const [draft, setDraft] = useState<Dayjs | null>(() => parse(field.value));
  const [seen, setSeen] = useState<unknown>(field.value);
  // A value set from outside (a reset, a reload after a conflict) replaces what the field shows.
  if (field.value !== seen) {
    setSeen(field.value);
    if (field.value !== UNFINISHED) setDraft(parse(field.value));
  }
  const error = fieldState.error;
  return (
    <EnsureDateLocalization>
      <DateTimePicker
        label={label}
        format={SYNC_TIME_FORMAT}
        ampm={false}
        value={draft}
        disabled={disabled}
        onChange={(next) => {
          const value = next === null ? null : next.isValid() ? next.second(0).millisecond(0).format() : UNFINISHED;
          setDraft(next);
          setSeen(value);
          field.onChange(value);
        }}
        slotProps={{
          textField: {
            name: field.name,
            onBlur: field.onBlur,
            inputRef: field.ref,
            error: Boolean(error),
            helperText: error ? (field.value === UNFINISHED ? unfinished : error.message) : hint,
          },
          actionBar: { actions: ['clear', 'cancel', 'accept'] },
        }}
      />
    </EnsureDateLocalization>
  );
}
