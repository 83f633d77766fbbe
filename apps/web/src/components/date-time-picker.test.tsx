import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DateLocalizationProvider } from './date-localization-provider';
import { ThemedDateTimePicker } from './date-time-picker';

async function typeInto(user: UserEvent, label: string, digits: string) {
  const group = screen.getByRole('group', { name: label });
  await user.click(within(group).getAllByRole('spinbutton')[0]!);
  await user.keyboard(digits);
}

function fieldText(label: string) {
  return within(screen.getByRole('group', { name: label }))
    .getAllByRole('spinbutton')
    .map((section) => section.textContent)
    .join('-');
}

function SingleHarness({
  type,
  initial,
  onChange,
}: {
  type: 'date' | 'time';
  initial: string | null;
  onChange: (v: string | null) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ThemedDateTimePicker
        type={type}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <output>{String(value)}</output>
      <button onClick={() => setValue(type === 'date' ? '2024-02-29' : '23:45')}>set from page</button>
    </>
  );
}

function MultiHarness({
  type,
  initial,
  onChange,
}: {
  type: 'multi_date_selection' | 'static_multi_date_selection';
  initial: string[];
  onChange: (v: string[]) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <ThemedDateTimePicker
      type={type}
      value={value}
      label="Offline dates"
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('ThemedDateTimePicker', { timeout: 30_000 }, () => {
  describe('type date', () => {
    it('shows the value as DD-MM-YYYY', () => {
      render(<SingleHarness type="date" initial="2025-03-15" onChange={vi.fn()} />);
      expect(fieldText('Date')).toBe('15-03-2025');
    });

    it('reports a typed date as YYYY-MM-DD, never a half-typed year', async () => {
      const user = userEvent.setup();
      const onChange = vi.fn();
      render(<SingleHarness type="date" initial={null} onChange={onChange} />);
      await typeInto(user, 'Date', '01042025');
      expect(onChange).toHaveBeenLastCalledWith('2025-04-01');
      // Typing the year passes through years 2, 20 and 202: none of them is reported as a date.
      expect(onChange.mock.calls.flat().filter((v) => v !== null)).toEqual(['2025-04-01']);
      expect(screen.getByRole('status')).toHaveTextContent('2025-04-01');
    });

    it('edits a date section by section', async () => {
      const user = userEvent.setup();
      const onChange = vi.fn();
      render(<SingleHarness type="date" initial="2025-03-15" onChange={onChange} />);
      await typeInto(user, 'Date', '01');
      expect(onChange).toHaveBeenLastCalledWith('2025-03-01');
      expect(fieldText('Date')).toBe('01-03-2025');
    });

    it('reports null while half-typed and shows a value set by the page', async () => {
      const user = userEvent.setup();
      const onChange = vi.fn();
      render(<SingleHarness type="date" initial={null} onChange={onChange} />);
      await typeInto(user, 'Date', '0104');
      expect(onChange).not.toHaveBeenCalledWith(expect.stringMatching(/./));
      expect(fieldText('Date')).toBe('01-04-YYYY');

      await user.click(screen.getByRole('button', { name: 'set from page' }));
      expect(fieldText('Date')).toBe('29-02-2024');
    });

    it('works under an app-level DateLocalizationProvider too', () => {
      render(
        <DateLocalizationProvider>
          <ThemedDateTimePicker type="date" label="Start date" value="2025-12-31" onChange={vi.fn()} />
        </DateLocalizationProvider>,
      );
      expect(fieldText('Start date')).toBe('31-12-2025');
    });
  });

  describe('type time', () => {
    it('shows HH:mm in 24-hour form and reports typed times as HH:mm', async () => {
      const user = userEvent.setup();
      const onChange = vi.fn();
      render(<SingleHarness type="time" initial="18:05" onChange={onChange} />);
      expect(fieldText('Time')).toBe('18-05');
      expect(within(screen.getByRole('group', { name: 'Time' })).getAllByRole('spinbutton')).toHaveLength(2);

      await typeInto(user, 'Time', '2130');
      expect(onChange).toHaveBeenLastCalledWith('21:30');
      expect(screen.getByRole('status')).toHaveTextContent('21:30');
    });

    it('shows a time set by the page', async () => {
      const user = userEvent.setup();
      render(<SingleHarness type="time" initial={null} onChange={vi.fn()} />);
      await user.click(screen.getByRole('button', { name: 'set from page' }));
      expect(fieldText('Time')).toBe('23-45');
    });
  });

  describe('type multi_date_selection', () => {
    it('adds typed dates to a sorted list without a range option', async () => {
      const user = userEvent.setup();
      const onChange = vi.fn();
      render(<MultiHarness type="multi_date_selection" initial={['2025-05-20']} onChange={onChange} />);
      expect(screen.getByRole('group', { name: 'Offline dates' })).toBeInTheDocument();
      expect(screen.queryByRole('radio', { name: 'Date range' })).not.toBeInTheDocument();

      await typeInto(user, 'Date', '10052025');
      await user.click(screen.getByRole('button', { name: 'Add' }));
      expect(onChange).toHaveBeenLastCalledWith(['2025-05-10', '2025-05-20']);
      expect(screen.getByRole('button', { name: 'Remove 10-05-2025' })).toBeInTheDocument();
    });
  });

  describe('type static_multi_date_selection', () => {
    it('opens at the first selected month, highlights selected days and toggles a clicked day', async () => {
      const user = userEvent.setup();
      const onChange = vi.fn();
      render(
        <MultiHarness type="static_multi_date_selection" initial={['2025-03-15', '2025-03-03']} onChange={onChange} />,
      );
      expect(screen.getByText('March 2025')).toBeInTheDocument();
      expect(screen.getByRole('gridcell', { name: '15' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('gridcell', { name: '3' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('gridcell', { name: '20' })).toHaveAttribute('aria-selected', 'false');

      await user.click(screen.getByRole('gridcell', { name: '20' }));
      expect(onChange).toHaveBeenLastCalledWith(['2025-03-03', '2025-03-15', '2025-03-20']);
      expect(screen.getByRole('gridcell', { name: '20' })).toHaveAttribute('aria-selected', 'true');

      await user.click(screen.getByRole('gridcell', { name: '15' }));
      expect(onChange).toHaveBeenLastCalledWith(['2025-03-03', '2025-03-20']);
      expect(screen.getByRole('gridcell', { name: '15' })).toHaveAttribute('aria-selected', 'false');
      expect(screen.getByText('2 dates selected')).toBeInTheDocument();
    });
  });
});
