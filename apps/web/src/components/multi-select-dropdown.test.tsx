import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MultiSelectDropdown } from './multi-select-dropdown';

const options = [
  { value: 'bf', label: 'Breakfast' },
  { value: 'lu', label: 'Lunch' },
  { value: 'sn', label: 'Snacks' },
  { value: 'di', label: 'Dinner' },
  { value: 'ad', label: 'Allday' },
];

function Harness({
  initial = [],
  selectAll,
  onChange,
}: {
  initial?: string[];
  selectAll?: boolean;
  onChange?: (v: string[]) => void;
}) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <MultiSelectDropdown
      label="Sessions"
      options={options}
      value={value}
      selectAll={selectAll}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

const field = () => screen.getByRole('combobox', { name: /Sessions/ });

describe('MultiSelectDropdown', () => {
  it.each([
    [[], ''],
    [['lu'], 'Lunch'],
    [['sn', 'bf', 'lu'], 'Breakfast, Lunch, Snacks'],
    [['ad', 'di', 'sn', 'lu', 'bf'], 'Breakfast, Lunch, Snacks +2'],
  ])('shows %j as "%s" in the closed field', (initial, text) => {
    render(<Harness initial={initial} />);
    expect(field().textContent?.replace(/\u200B/g, '')).toBe(text);
  });

  it('toggles options and answers them in the options order', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(field());
    const list = screen.getByRole('listbox');
    await user.click(within(list).getByRole('option', { name: 'Dinner' }));
    await user.click(within(list).getByRole('option', { name: 'Breakfast' }));
    expect(onChange).toHaveBeenLastCalledWith(['bf', 'di']);
    expect(within(list).getByRole('option', { name: 'Dinner' })).toHaveAttribute('aria-selected', 'true');

    await user.click(within(list).getByRole('option', { name: 'Dinner' }));
    expect(onChange).toHaveBeenLastCalledWith(['bf']);
    await user.keyboard('{Escape}');
    expect(field()).toHaveTextContent('Breakfast');
  });

  it('selects all and clears all with "Select all"', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness selectAll initial={['lu']} onChange={onChange} />);
    await user.click(field());
    const selectAll = screen.getByRole('option', { name: 'Select all' });
    expect(within(selectAll).getByRole('checkbox')).toHaveAttribute('data-indeterminate', 'true');

    await user.click(selectAll);
    expect(onChange).toHaveBeenLastCalledWith(['bf', 'lu', 'sn', 'di', 'ad']);
    expect(within(screen.getByRole('option', { name: 'Select all' })).getByRole('checkbox')).toBeChecked();

    await user.click(screen.getByRole('option', { name: 'Select all' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('has no "Select all" unless asked', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(field());
    expect(screen.queryByRole('option', { name: 'Select all' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(5);
  });
});
