import { zodResolver } from '@hookform/resolvers/zod';
import { screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../../test/render';
import { fill, setupUser } from '../../test/user-events';
import { FormNumberField } from './form-number-field';

const schema = z.object({
  days: z.number().int().min(1).default(30),
  priority: z.number().int().min(0).default(0),
});

function NumberForm({ onSave }: { onSave: (values: z.output<typeof schema>) => void }) {
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { days: 30, priority: 5 },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSave)}>
      <FormNumberField control={form.control} name="days" label="Days" whole refuseEmpty required />
      <FormNumberField control={form.control} name="priority" label="Priority" whole />
      <button type="submit">Save</button>
    </form>
  );
}

describe('FormNumberField', { timeout: 30_000 }, () => {
  it('leaves an optional field empty for the schema default, and refuses an empty one that must be filled', async () => {
    const onSave = vi.fn();
    const user = setupUser();
    renderWithProviders(<NumberForm onSave={onSave} />);
    expect(screen.getByRole('textbox', { name: /Days/ })).toHaveValue('30');

    await fill(user, screen.getByRole('textbox', { name: 'Priority' }), '');
    await fill(user, screen.getByRole('textbox', { name: /Days/ }), '');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a number')).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();

    await fill(user, screen.getByRole('textbox', { name: /Days/ }), '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toEqual({ days: 7, priority: 0 });
  });

  it('keeps text that is not a number as typed, and leaves range messages to the schema', async () => {
    const user = setupUser();
    renderWithProviders(<NumberForm onSave={vi.fn()} />);
    const days = screen.getByRole('textbox', { name: /Days/ });
    await fill(user, days, '1a');
    expect(days).toHaveValue('1a');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a number')).toBeVisible();

    await fill(user, days, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too small: expected number to be >=1')).toBeVisible();
  });
});
