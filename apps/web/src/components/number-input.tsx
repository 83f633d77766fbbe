import type { ClipboardEvent, KeyboardEvent } from 'react';
import { TextInput, type TextInputProps } from './text-input';

export type NumberInputProps = Omit<TextInputProps, 'type'> & {
  /** When false (the default) the minus sign is blocked too. */
  allowNegative?: boolean;
};

/**
 * Keys a number input refuses (spec 000 §5): '+', the up/down arrows (they would step the value unseen) and
 * 'e' (exponent notation). '-' is refused unless negatives are allowed.
 */
export function isBlockedNumberKey(key: string, allowNegative: boolean): boolean {
  if (key === '+' || key === 'e' || key === 'E' || key === 'ArrowUp' || key === 'ArrowDown') return true;
  return key === '-' && !allowNegative;
}

function hasBlockedText(text: string, allowNegative: boolean): boolean {
  return /[+eE]/.test(text) || (!allowNegative && text.includes('-'));
}

/** A labelled number field that refuses the keys (and pasted text) the spec blocks. */
export function NumberInput({ allowNegative = false, onKeyDown, onPaste, inputProps, ...props }: NumberInputProps) {
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (isBlockedNumberKey(event.key, allowNegative)) {
      event.preventDefault();
      return;
    }
    onKeyDown?.(event);
  };

  // Paste bubbles from the input to the field's root, where MUI puts onPaste.
  const handlePaste = (event: ClipboardEvent<HTMLDivElement>) => {
    if (hasBlockedText(event.clipboardData.getData('text'), allowNegative)) {
      event.preventDefault();
      return;
    }
    onPaste?.(event);
  };

  return (
    <TextInput
      {...props}
      type="number"
      inputProps={{ min: allowNegative ? undefined : 0, ...inputProps }}
      onKeyDown={handleKeyDown}
      onPaste={handlePaste}
    />
  );
}
