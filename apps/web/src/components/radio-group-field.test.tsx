import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroupField } from './radio-group-field';

const options = [
  { value: 'na', label: 'Default' },
  { value: 'true', label: 'Live Counter' },
  { value: 'false', label: 'Buffet', disabled: true },
];

describe('RadioGroupField', () => {
  it('labels the group, checks the current value and reports a new choice', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<RadioGroupField label="Counter mode" options={options} value="na" onChange={onChange} />);
    expect(screen.getByRole('radiogroup', { name: 'Counter mode' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Default' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Live Counter' }));
    expect(onChange).toHaveBeenCalledWith('true');
  });

  it('disables single options', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<RadioGroupField label="Counter mode" options={options} value="na" onChange={onChange} />);
    expect(screen.getByRole('radio', { name: 'Buffet' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Live Counter' })).toBeEnabled();
    await user.click(screen.getByText('Buffet'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('lays the options out in a row when asked', () => {
    render(<RadioGroupField label="Counter mode" options={options} value={null} onChange={vi.fn()} row />);
    expect(screen.getByRole('radiogroup', { name: 'Counter mode' })).toHaveClass('MuiFormGroup-row');
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
  });

  it('disables the whole group', () => {
    render(<RadioGroupField label="Counter mode" options={options} value="na" onChange={vi.fn()} disabled />);
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
  });
});
