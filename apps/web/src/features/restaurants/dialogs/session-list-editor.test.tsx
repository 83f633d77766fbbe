import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInForm } from '../testing/form-harness';
import { typeTime } from '../testing/time-input';
import { SessionListEditor } from './session-list-editor';

describe('session list editor', { timeout: 60_000 }, () => {
  it('adds named sessions with a start before the end, once each', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const form = renderInForm(<SessionListEditor />);
    await user.click(screen.getByRole('combobox', { name: 'Session' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Breakfast', 'Lunch', 'Snacks', 'Dinner', 'Allday']);
    await user.click(screen.getByRole('option', { name: 'Lunch' }));
    await typeTime(user, 'Session start', '1400');
    await typeTime(user, 'Session end', '1200');
    await user.click(screen.getByRole('button', { name: 'Add session' }));
    expect(screen.getByText('Enter a valid time: the start must be before the end')).toBeInTheDocument();

    await typeTime(user, 'Session start', '1130');
    await typeTime(user, 'Session end', '1500');
    await user.click(screen.getByRole('button', { name: 'Add session' }));
    expect(form.values().options.sessionlist).toEqual([{ session: 'Lunch', start_time: '11:30', end_time: '15:00' }]);

    await user.click(screen.getByRole('combobox', { name: 'Session' }));
    await user.click(screen.getByRole('option', { name: 'Lunch' }));
    await typeTime(user, 'Session start', '1200');
    await typeTime(user, 'Session end', '1300');
    await user.click(screen.getByRole('button', { name: 'Add session' }));
    expect(screen.getByText('Duplicate entry')).toBeInTheDocument();
    expect(form.values().options.sessionlist).toHaveLength(1);
  });
});
