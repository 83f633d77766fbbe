import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NumberInput } from './number-input';

function Harness({ allowNegative, initial = '' }: { allowNegative?: boolean; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <NumberInput
      label="Price"
      value={value}
      allowNegative={allowNegative}
      onChange={(event) => setValue(event.target.value)}
    />
  );
}

describe('NumberInput', () => {
  it('takes digits and a decimal point', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Price'), '12.5');
    expect(screen.getByLabelText('Price')).toHaveValue(12.5);
  });

  it.each([
    ['the plus sign', '+'],
    ['the letter e', 'e'],
    ['the letter E', 'E'],
    ['the minus sign (negatives not allowed by default)', '-'],
  ])('blocks %s', async (_name, key) => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Price');
    await user.type(input, `1${key}2`);
    expect(input).toHaveValue(12);
  });

  it.each([['{ArrowUp}'], ['{ArrowDown}']])('blocks %s so the value cannot be stepped unseen', async (key) => {
    const user = userEvent.setup();
    render(<Harness initial="5" />);
    const input = screen.getByLabelText('Price');
    await user.click(input);
    const event = new KeyboardEvent('keydown', { key: key.slice(1, -1), bubbles: true, cancelable: true });
    input.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await user.keyboard(key);
    expect(input).toHaveValue(5);
  });

  it('lets the minus sign through when negatives are allowed, still blocking plus', async () => {
    const user = userEvent.setup();
    render(<Harness allowNegative />);
    const input = screen.getByLabelText('Price');
    await user.type(input, '-+3');
    expect(input).toHaveValue(-3);
  });

  it('refuses pasted text carrying a blocked sign', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Price');
    await user.click(input);
    await user.paste('-4');
    expect(input).toHaveValue(null);
    await user.paste('42');
    expect(input).toHaveValue(42);
  });

  it('sets min 0 when negatives are not allowed', () => {
    render(<Harness />);
    expect(screen.getByLabelText('Price')).toHaveAttribute('min', '0');
  });
});
