import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WEEKDAYS, WeekdayCheckboxGroup, type Weekday } from './weekday-checkbox-group';

function Harness({ initial = [], onChange }: { initial?: Weekday[]; onChange?: (value: Weekday[]) => void }) {
  const [value, setValue] = useState<Weekday[]>(initial);
  return (
    <WeekdayCheckboxGroup
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('WeekdayCheckboxGroup', () => {
  it('lists All, then Sunday to Saturday in that order', () => {
    render(<Harness />);
    const names = screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent);
    expect(names).toEqual(['All', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    expect(screen.getByRole('group', { name: 'Days' })).toBeInTheDocument();
  });

  it('checks every day with All and clears them all again', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('checkbox', { name: 'All' }));
    expect(onChange).toHaveBeenLastCalledWith([...WEEKDAYS]);
    for (const day of WEEKDAYS) expect(screen.getByRole('checkbox', { name: day })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'All' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    for (const day of WEEKDAYS) expect(screen.getByRole('checkbox', { name: day })).not.toBeChecked();
  });

  it('shows All indeterminate for some days and checked once all seven are', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']} />);
    const all = screen.getByRole('checkbox', { name: 'All' });
    expect(all).not.toBeChecked();
    expect(all).toHaveAttribute('data-indeterminate', 'true');

    await user.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    expect(all).toBeChecked();
    expect(all).toHaveAttribute('data-indeterminate', 'false');
  });

  it('answers the days in Sunday-to-Saturday order whatever the click order', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('checkbox', { name: 'Friday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
    expect(onChange).toHaveBeenLastCalledWith(['Sunday', 'Tuesday', 'Friday']);

    await user.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    expect(onChange).toHaveBeenLastCalledWith(['Tuesday', 'Friday']);
    expect(screen.getByRole('checkbox', { name: 'All' })).toHaveAttribute('data-indeterminate', 'true');
  });

  it('shows All unchecked and not indeterminate when no day is checked', () => {
    render(<Harness />);
    const all = screen.getByRole('checkbox', { name: 'All' });
    expect(all).not.toBeChecked();
    expect(all).toHaveAttribute('data-indeterminate', 'false');
  });
});
