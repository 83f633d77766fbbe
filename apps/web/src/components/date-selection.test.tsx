import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DateSelection, type DateSelectionProps } from './date-selection';

type HarnessProps = Partial<DateSelectionProps> & { initial?: string[] };

function Harness({ initial = [], onChange, ...props }: HarnessProps) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <DateSelection
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

/** Types DDMMYYYY into the date field labelled `label` (MUI's sectioned field takes digits section by section). */
async function typeDate(user: UserEvent, label: string, digits: string) {
  const group = screen.getByRole('group', { name: label });
  await user.click(within(group).getAllByRole('spinbutton')[0]!);
  await user.keyboard(digits);
}

function shownDates() {
  return within(screen.getByTestId('selected-dates-list'))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
}

const addButton = () => screen.getByRole('button', { name: 'Add' });

describe('DateSelection', { timeout: 30_000 }, () => {
  it('adds a single date and shows it as DD-MM-YYYY', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(screen.getByText('No dates selected')).toBeInTheDocument();
    expect(addButton()).toBeDisabled();

    await typeDate(user, 'Date', '15032025');
    await user.click(addButton());

    expect(onChange).toHaveBeenLastCalledWith(['2025-03-15']);
    expect(shownDates()).toEqual(['15-03-2025']);
    expect(screen.getByText('1 date selected')).toBeInTheDocument();
  });

  it('adds a from/to range as its dates, sorted and merged without duplicates', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={['2025-01-05', '2025-01-01']} onChange={onChange} />);
    await user.click(screen.getByRole('radio', { name: 'Date range' }));
    await typeDate(user, 'From', '30122024');
    await typeDate(user, 'To', '02012025');
    await user.click(addButton());

    expect(onChange).toHaveBeenLastCalledWith(['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-02', '2025-01-05']);
    expect(shownDates()).toEqual(['30-12-2024', '31-12-2024', '01-01-2025', '02-01-2025', '05-01-2025']);
  });

  it('refuses a range whose end is before its start', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('radio', { name: 'Date range' }));
    await typeDate(user, 'From', '10032025');
    await typeDate(user, 'To', '05032025');

    expect(screen.getByRole('alert')).toHaveTextContent('End date cannot be before start date');
    expect(addButton()).toBeDisabled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('caps the end date at maxEndDate', async () => {
    const user = userEvent.setup();
    render(<Harness maxEndDate="2025-03-31" />);
    await user.click(screen.getByRole('radio', { name: 'Date range' }));
    await typeDate(user, 'From', '30032025');
    await typeDate(user, 'To', '02042025');

    expect(screen.getByRole('alert')).toHaveTextContent('Dates cannot be after 31-03-2025');
    expect(addButton()).toBeDisabled();
  });

  it('ignores a date that is already selected', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={['2025-03-15']} onChange={onChange} />);
    await typeDate(user, 'Date', '15032025');
    await user.click(addButton());

    expect(onChange).toHaveBeenLastCalledWith(['2025-03-15']);
    expect(shownDates()).toEqual(['15-03-2025']);
  });

  it('refuses to grow beyond maxDates', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['2025-03-01', '2025-03-02']} maxDates={3} />);
    await user.click(screen.getByRole('radio', { name: 'Date range' }));
    await typeDate(user, 'From', '10032025');
    await typeDate(user, 'To', '11032025');

    expect(screen.getByRole('alert')).toHaveTextContent('At most 3 dates can be selected');
    expect(addButton()).toBeDisabled();
  });

  it('removes one date with its own button', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={['2025-03-15', '2025-03-16']} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Remove 15-03-2025' }));

    expect(onChange).toHaveBeenLastCalledWith(['2025-03-16']);
    expect(shownDates()).toEqual(['16-03-2025']);
  });

  it('clears all only after Yes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={['2025-03-15', '2025-03-16']} onChange={onChange} />);

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    const question = screen.getByRole('dialog', { name: 'Clear all dates?' });
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(shownDates()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Clear all dates?' })).getByRole('button', { name: 'Yes' }),
    );
    expect(onChange).toHaveBeenLastCalledWith([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(shownDates()).toEqual([]);
    expect(screen.getByText('No dates selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear all' })).toBeDisabled();
  });

  it('scrolls the list beyond 182px', () => {
    render(<Harness initial={['2025-03-15']} />);
    expect(screen.getByTestId('selected-dates-list')).toHaveStyle({ maxHeight: '182px', overflowY: 'auto' });
  });

  it('offers single dates only when ranges are not allowed', () => {
    render(<Harness allowRange={false} />);
    expect(screen.queryByRole('radio', { name: 'Date range' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Date' })).toBeInTheDocument();
  });
});
