import { Component, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadable } from './loadable';

const Hello = ({ name }: { name: string }) => <p>Hello, {name}</p>;

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{String(this.state.error)}</p> : this.props.children;
  }
}

describe('loadable', () => {
  it('shows the fallback while the code loads, then the component with its props', async () => {
    const load = vi.fn(async () => Hello);
    const Loaded = loadable(load, <p>Loading…</p>);
    render(<Loaded name="Asha" />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText('Hello, Asha')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once, without the fallback, once preloaded; loads only once', async () => {
    const load = vi.fn(async () => Hello);
    const Loaded = loadable(load, <p>Loading…</p>);
    await Loaded.preload();
    render(<Loaded name="Ravi" />);
    expect(screen.getByText('Hello, Ravi')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('throws a failed load to the nearest error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Loaded = loadable<{ name: string }>(async () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    render(
      <Boundary>
        <Loaded name="x" />
      </Boundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('dynamically imported module');
  });
});
