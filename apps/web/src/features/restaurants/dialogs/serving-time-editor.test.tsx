import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInForm } from '../testing/form-harness';
import { typeTime } from '../testing/time-input';
import { ServingTimeEditor } from './serving-time-editor';

const ALL_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

describe('serving-time slots (spec 001 §3.3, §5.1)', { timeout: 30_000 }, () => {
  it('refuses a start not before the end, a duplicate, and no channel', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const form = renderInForm(<ServingTimeEditor variant="channels" />, {
      options: { timings_extras: [{ start: '09:00', end: '11:00', cart_option_id: '', days: [...ALL_DAYS] as never }] },
    });
    await typeTime(user, 'Slot start', '1200');
    await typeTime(user, 'Slot end', '1100');
    await user.click(screen.getByRole('button', { name: 'Add slot' }));
    expect(screen.getByText('Enter a valid time: the start must be before the end')).toBeInTheDocument();

    await typeTime(user, 'Slot start', '0900');
    await user.click(screen.getByRole('button', { name: 'Add slot' }));
    expect(screen.getByText('Duplicate entry')).toBeInTheDocument();

    await typeTime(user, 'Slot start', '0800');
    await typeTime(user, 'Slot end', '0830');
    await user.click(screen.getByRole('checkbox', { name: 'App' }));
    await user.click(screen.getByRole('button', { name: 'Add slot' }));
    expect(screen.getByText('Choose at least one channel')).toBeInTheDocument();
    expect(form.values().options.timings_extras).toHaveLength(1);
  });

  it('stores app slots as timings_extras and kiosk slots as kiosk_timings_extras', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const form = renderInForm(<ServingTimeEditor variant="channels" />);
    await typeTime(user, 'Slot start', '0700');
    await typeTime(user, 'Slot end', '1000');
    await user.type(screen.getByLabelText('Cart option ID'), 'breakfast_cart');
    await user.click(screen.getByRole('checkbox', { name: 'Kiosk' }));
    await user.click(screen.getByRole('button', { name: 'Add slot' }));

    await typeTime(user, 'Slot start', '1800');
    await typeTime(user, 'Slot end', '2100');
    await user.click(screen.getByRole('checkbox', { name: 'App' }));
    await user.click(screen.getByRole('checkbox', { name: 'Kiosk' }));
    await user.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    await user.click(screen.getByRole('button', { name: 'Add slot' }));

    const { timings_extras, kiosk_timings_extras } = form.values().options;
    expect(timings_extras).toEqual([
      { start: '07:00', end: '10:00', cart_option_id: 'breakfast_cart', days: ALL_DAYS },
    ]);
    expect(kiosk_timings_extras).toEqual([
      { start: '07:00', end: '10:00', cart_option_id: 'breakfast_cart', days: ALL_DAYS },
      { start: '18:00', end: '21:00', cart_option_id: '', days: ALL_DAYS.slice(0, 5) },
    ]);

    // The last channel of a slot cannot be removed; another can.
    const table = screen.getByRole('table', { name: 'App and kiosk serving slots' });
    await user.click(within(table).getByRole('checkbox', { name: 'kiosk for 18:00–21:00' }));
    expect(within(table).getByText('Choose at least one channel')).toBeInTheDocument();
    await user.click(within(table).getByRole('checkbox', { name: 'kiosk for 07:00–10:00' }));
    expect(form.values().options.kiosk_timings_extras).toHaveLength(1);
    expect(form.values().options.timings_extras).toHaveLength(1);
  });

  it('keeps POS slots in pos_timings_extras', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const form = renderInForm(<ServingTimeEditor variant="pos" />);
    await typeTime(user, 'POS slot start', '0600');
    await typeTime(user, 'POS slot end', '2200');
    await user.click(screen.getByRole('button', { name: 'Add POS slot' }));
    expect(form.values().options.pos_timings_extras).toEqual([
      { start: '06:00', end: '22:00', cart_option_id: '', days: ALL_DAYS },
    ]);
  });
});
