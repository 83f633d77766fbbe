import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SNACKBAR_MS } from '@cd/core';
import { useNotify } from './notifier';
import { SnackbarProvider, useSnackbar } from './snackbar';

function ShowButton({ message, severity }: { message: string; severity?: 'success' | 'error' }) {
  const { show } = useSnackbar();
  return <button onClick={() => show(message, severity)}>show {message}</button>;
}

function NotifyButton() {
  const notify = useNotify();
  return <button onClick={() => notify({ message: 'Old API', severity: 'warning' })}>notify</button>;
}

describe('snackbar', () => {
  it('shows a message with its severity', () => {
    render(
      <SnackbarProvider>
        <ShowButton message="Saved" severity="success" />
      </SnackbarProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show Saved' }));
    expect(screen.getByTestId('notice')).toHaveTextContent('Saved');
    expect(screen.getByTestId('notice')).toHaveClass('MuiAlert-filledSuccess');
  });

  it(`is still visible at 4.9 s and gone after ${SNACKBAR_MS} ms`, () => {
    vi.useFakeTimers();
    render(
      <SnackbarProvider>
        <ShowButton message="Saved" />
      </SnackbarProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show Saved' }));
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText('Saved')).toBeVisible();

    act(() => vi.advanceTimersByTime(100));
    // The exit transition runs after the 5 s; let it finish.
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('restarts the 5 s for a newer message', () => {
    vi.useFakeTimers();
    render(
      <SnackbarProvider>
        <ShowButton message="First" />
        <ShowButton message="Second" />
      </SnackbarProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show First' }));
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.click(screen.getByRole('button', { name: 'show Second' }));
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText('Second')).toBeVisible();
    expect(screen.queryByText('First')).not.toBeInTheDocument();
  });

  it('keeps the notifier API (NotifierProvider / useNotify) working', async () => {
    const { NotifierProvider } = await import('./notifier');
    render(
      <NotifierProvider>
        <NotifyButton />
      </NotifierProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    expect(screen.getByTestId('notice')).toHaveTextContent('Old API');
  });

  it('throws a clear error outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ShowButton message="x" />)).toThrow(/inside SnackbarProvider/);
  });
});
