import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GenericDialog } from './generic-dialog';

describe('GenericDialog', () => {
  it('shows its title and content and closes from the Close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <GenericDialog open title="Edit counter" onClose={onClose}>
        <p>Counter form</p>
      </GenericDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit counter' });
    expect(dialog).toHaveTextContent('Counter form');
    expect(screen.queryAllByRole('button')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the action button when asked and calls onAction', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    render(
      <GenericDialog open title="Edit counter" onClose={vi.fn()} actionLabel="Save" onAction={onAction}>
        content
      </GenericDialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onAction).toHaveBeenCalledTimes(1);
  });

  it('disables the action button with actionDisabled', () => {
    render(
      <GenericDialog open title="Edit counter" onClose={vi.fn()} actionLabel="Save" onAction={vi.fn()} actionDisabled>
        content
      </GenericDialog>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('renders nothing while closed', () => {
    render(
      <GenericDialog open={false} title="Edit counter" onClose={vi.fn()}>
        content
      </GenericDialog>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
