import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInForm } from '../testing/form-harness';
import { ConvenienceFeeEditor } from './convenience-fee-editor';

describe('convenience-fee rows (spec 001 §5.1)', { timeout: 30_000 }, () => {
  it('warns separately for each missing amount, then for min not below max', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const form = renderInForm(<ConvenienceFeeEditor />);
    await user.click(screen.getByRole('button', { name: 'Add fee row' }));
    expect(screen.getByText('Enter the minimum amount')).toBeInTheDocument();
    expect(screen.getByText('Enter the maximum amount')).toBeInTheDocument();
    expect(screen.getByText('Enter the convenience fee')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Minimum order amount'), '500');
    await user.type(screen.getByLabelText('Maximum order amount'), '100');
    await user.click(screen.getByRole('button', { name: 'Add fee row' }));
    expect(screen.queryByText('Enter the minimum amount')).not.toBeInTheDocument();
    expect(screen.getByText('Enter the convenience fee')).toBeInTheDocument();
    expect(screen.getByText('The minimum must be less than the maximum')).toBeInTheDocument();
    expect(form.values().options.dynamic_conveniencefee).toEqual([]);
  });

  it('makes a negative amount empty, and adds a valid row with its days and dates', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const form = renderInForm(<ConvenienceFeeEditor />);
    const min = screen.getByLabelText('Minimum order amount');
    // The minus key is blocked; a pasted negative number is refused too and leaves the field empty.
    await user.type(min, '-5');
    expect(min).toHaveValue(5);
    await user.clear(min);
    await user.type(min, '0');
    await user.type(screen.getByLabelText('Maximum order amount'), '250');
    await user.type(screen.getByLabelText('Fee for this range'), '2.5');
    await user.click(screen.getByRole('checkbox', { name: 'Percentage' }));
    await user.click(screen.getByRole('button', { name: /^Days and dates: Every day/ }));
    const dialog = screen.getByRole('dialog', { name: 'Days and dates' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Monday' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Friday' }));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: 'Add fee row' }));

    expect(form.values().options.dynamic_conveniencefee).toEqual([
      { min: 0, max: 250, convenience_fee: 2.5, ispercentage: true, days: ['monday', 'friday'], dates: [] },
    ]);
    const table = screen.getByRole('table', { name: 'Dynamic convenience fee' });
    expect(within(table).getByText('250')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Mon, Fri' })).toBeInTheDocument();
    expect(form.isDirty()).toBe(true);

    await user.click(within(table).getByRole('button', { name: 'Delete fee row 1' }));
    expect(form.values().options.dynamic_conveniencefee).toEqual([]);
  });
});
