import { sanitizeWholeNumber } from '@cd/core';
import { TextInput } from '../../../components/text-input';

type Props = {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  disabled?: boolean;
  /** A refusal to show under the field. */
  error?: string;
};

/**
 * A whole, non-negative number or nothing (spec 001 §5.3: free, min and max quantity and the min/max of a
 * multiple choice reject decimals and negatives, which clear the field). A text field, so the browser keeps
 * no half-typed number of its own that the shown value could disagree with.
 */
export function WholeNumberField({ label, value, onChange, disabled, error }: Props) {
  return (
    <TextInput
      label={label}
      size="small"
      value={value === null ? '' : String(value)}
      disabled={disabled}
      onChange={(event) => onChange(sanitizeWholeNumber(event.target.value))}
      inputProps={{ inputMode: 'numeric' }}
      error={Boolean(error)}
      helperText={error}
    />
  );
}
