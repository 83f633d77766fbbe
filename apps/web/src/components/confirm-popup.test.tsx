import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmPopup, type ConfirmPopupProps } from './confirm-popup';

function renderPopup(props: Partial<ConfirmPopupProps> = {}) {
  const onPositive = vi.fn();
  const onNegative = vi.fn();
  render(
    <ConfirmPopup
      open
      type="warning"
      title="Delete item?"
      primaryText="The item will be removed."
      secondaryText="This cannot be undone."
      onPositive={onPositive}
      onNegative={onNegative}
      {...props}
    />,
  );
  return { onPositive, onNegative };
}

describe('ConfirmPopup', () => {
  it('shows the title and both text lines, with OK and Cancel by default', () => {
    renderPopup();
    const dialog = screen.getByRole('dialog', { name: 'Delete item?' });
    expect(dialog).toHaveTextContent('The item will be removed.');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('uses the given button labels', () => {
    renderPopup({ positiveLabel: 'Yes', negativeLabel: 'No' });
    expect(screen.getByRole('button', { name: 'Yes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'OK' })).not.toBeInTheDocument();
  });

  it.each(['success', 'failure', 'warning'] as const)('shows the %s icon for that type', (type) => {
    renderPopup({ type });
    expect(screen.getByTestId(`popup-icon-${type}`)).toBeInTheDocument();
    for (const other of ['success', 'failure', 'warning'].filter((t) => t !== type)) {
      expect(screen.queryByTestId(`popup-icon-${other}`)).not.toBeInTheDocument();
    }
  });

  it('calls onPositive and onNegative from their buttons', async () => {
    const user = userEvent.setup();
    const { onPositive, onNegative } = renderPopup();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onPositive).toHaveBeenCalledTimes(1);
    expect(onNegative).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onNegative).toHaveBeenCalledTimes(1);
  });

  it('treats Escape as the negative answer', async () => {
    const user = userEvent.setup();
    const { onPositive, onNegative } = renderPopup();
    await user.keyboard('{Escape}');
    expect(onNegative).toHaveBeenCalledTimes(1);
    expect(onPositive).not.toHaveBeenCalled();
  });

  it('opens with the positive answer focused by default', () => {
    renderPopup();
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
  });

  it('opens with the negative answer focused when asked, so Enter answers no (issue 35)', async () => {
    const user = userEvent.setup();
    const { onPositive, onNegative } = renderPopup({
      positiveLabel: 'Yes',
      negativeLabel: 'No',
      initialFocus: 'negative',
    });
    expect(screen.getByRole('button', { name: 'No' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onNegative).toHaveBeenCalledTimes(1);
    expect(onPositive).not.toHaveBeenCalled();
  });

  it('renders nothing while closed', () => {
    renderPopup({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
