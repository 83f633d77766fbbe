import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AlertPopup, type AlertPopupProps } from './alert-popup';

function renderAlert(props: Partial<AlertPopupProps> = {}) {
  const onClose = vi.fn();
  const view = render(<AlertPopup alertType="success" alertPrimaryText="Saved." onClose={onClose} {...props} />);
  return { onClose, ...view };
}

describe('AlertPopup', () => {
  it.each([
    ['success', 'Success!'],
    ['failure', 'Failure!'],
    ['warning', 'Warning!'],
  ] as const)('titles a %s alert "%s" by default, with its icon', (alertType, title) => {
    renderAlert({ alertType });
    expect(screen.getByRole('dialog', { name: title })).toBeInTheDocument();
    expect(screen.getByTestId(`popup-icon-${alertType}`)).toBeInTheDocument();
  });

  it('uses the given title, both text lines and the default button label "Got it"', () => {
    renderAlert({ alertTitle: 'Menu saved', alertSecondaryText: 'Changes reach the apps in a minute.' });
    const dialog = screen.getByRole('dialog', { name: 'Menu saved' });
    expect(dialog).toHaveTextContent('Saved.');
    expect(dialog).toHaveTextContent('Changes reach the apps in a minute.');
    expect(screen.getByRole('button', { name: 'Got it' })).toBeInTheDocument();
  });

  it('uses the given button label', () => {
    renderAlert({ alertButtonLabel: 'Close' });
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Got it' })).not.toBeInTheDocument();
  });

  it('is open only while the primary text is non-empty', () => {
    const { rerender, onClose } = renderAlert({ alertPrimaryText: '' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    rerender(<AlertPopup alertType="failure" alertPrimaryText="Could not save." onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Failure!' })).toHaveTextContent('Could not save.');
  });

  it('calls onClose when the button is pressed', async () => {
    const user = userEvent.setup();
    const { onClose } = renderAlert();
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
