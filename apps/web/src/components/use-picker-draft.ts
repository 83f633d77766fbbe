import { useState } from 'react';
import type { Dayjs } from 'dayjs';

type Codec = {
  parse: (value: string | null) => Dayjs | null;
  format: (value: Dayjs) => string;
  /** Whether a picker value is a whole, usable value (a half-typed one is not). */
  isComplete: (value: Dayjs) => boolean;
};

/**
 * Bridges a string value ('YYYY-MM-DD', 'HH:mm') and a picker's dayjs value. While the user types, the field
 * keeps its half-typed sections and the page is told null; a complete value is reported as its string. A new
 * value from the page (one this hook did not report) replaces what the field shows.
 */
export function usePickerDraft(
  value: string | null,
  onChange: (value: string | null) => void,
  { parse, format, isComplete }: Codec,
): [Dayjs | null, (next: Dayjs | null) => void] {
  const [draft, setDraft] = useState<Dayjs | null>(() => parse(value));
  const [reported, setReported] = useState<string | null>(value);

  if (value !== reported) {
    setReported(value);
    setDraft(parse(value));
  }

  const handleChange = (next: Dayjs | null) => {
    const nextValue = next && next.isValid() && isComplete(next) ? format(next) : null;
    setDraft(next);
    setReported(nextValue);
    if (nextValue !== value) onChange(nextValue);
  };

  return [draft, handleChange];
}
