import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EmbeddedV2Page, isLogoutMessage } from './embedded-v2-page';

const BASE = 'https://v2.controldesk.test';

function post(data: unknown, origin: string, source: MessageEventSource | null) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

describe('embedded v2 submenu management', () => {
  it('frames the v2 page under the configured base', () => {
    render(<EmbeddedV2Page title="Submenu Management V2" base={BASE} onLogout={() => {}} />);
    expect(screen.getByTitle('Submenu Management V2')).toHaveAttribute(
      'src',
      'https://v2.controldesk.test/control-desk-v2/submenu-management',
    );
  });

  it('frames our own submenu management without a base', () => {
    render(<EmbeddedV2Page title="Submenu Management V2" onLogout={() => {}} />);
    expect(screen.getByTitle('Submenu Management V2')).toHaveAttribute('src', '/submenu_management?embedded=1');
  });

  it("obeys a logout message from the frame's origin only", () => {
    const onLogout = vi.fn();
    render(<EmbeddedV2Page title="v2" base={BASE} onLogout={onLogout} />);
    const frame = (screen.getByTitle('v2') as HTMLIFrameElement).contentWindow;

    post('logout', 'https://evil.test', frame);
    post('logout', BASE, window);
    post('hello', BASE, frame);
    expect(onLogout).not.toHaveBeenCalled();

    post('logout', BASE, frame);
    post({ type: 'logout' }, BASE, frame);
    expect(onLogout).toHaveBeenCalledTimes(2);
  });

  it('recognises both message shapes', () => {
    expect(isLogoutMessage('logout')).toBe(true);
    expect(isLogoutMessage({ type: 'logout' })).toBe(true);
    expect(isLogoutMessage({ type: 'other' })).toBe(false);
    expect(isLogoutMessage(null)).toBe(false);
  });
});
