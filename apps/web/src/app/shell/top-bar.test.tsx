import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { setupUser } from '../../test/user-events';
import { TopBar } from './top-bar';

const props = {
  userid: 'demo.admin',
  name: 'Demo Admin',
  syncTime: null,
  helpUrl: undefined,
  showMenuButton: false,
  onMenuClick: () => {},
  onHome: () => {},
  onLogout: () => {},
  loggingOut: false,
  onGoto: () => {},
};

describe('top bar', () => {
  it('shows the title, the greeting and the profile menu; no sync time, help or menu button unless given', () => {
    renderScreen(<TopBar {...props} />);
    expect(screen.getByRole('link', { name: 'Control Desk home' })).toHaveAttribute('href', '/');
    expect(screen.getByTestId('greeting')).toHaveTextContent('Hello, demo.admin');
    expect(screen.getByRole('button', { name: /Profile menu$/ })).toBeInTheDocument();
    expect(screen.queryByTestId('last-sync')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Help' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).toBeNull();
  });

  it('shows the sync time, the help link (new tab) and the menu button when given', () => {
    renderScreen(<TopBar {...props} syncTime="05-03-2026 09:07" helpUrl="https://help.example/desk" showMenuButton />);
    expect(screen.getByTestId('last-sync')).toHaveTextContent('Last sync: 05-03-2026 09:07');
    const help = screen.getByRole('link', { name: 'Help' });
    expect(help).toHaveAttribute('href', 'https://help.example/desk');
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('button', { name: 'Open navigation' })).toBeInTheDocument();
  });

  it('has a search button that opens the Go to box (issue 36)', async () => {
    const onGoto = vi.fn();
    renderScreen(<TopBar {...props} onGoto={onGoto} />);
    const button = screen.getByRole('button', { name: 'Go to… (Ctrl+K)' });
    expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
    await setupUser().click(button);
    expect(onGoto).toHaveBeenCalledTimes(1);
  });
});
