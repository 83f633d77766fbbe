import { useRef } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SCROLL_SPY_DEBOUNCE_MS, useScrollSpy } from './use-scroll-spy';

const IDS = ['one', 'two', 'three'] as const;
const domId = (id: string) => `spy-${id}`;

function Harness() {
  const ref = useRef<HTMLDivElement | null>(null);
  const { active, scrollTo } = useScrollSpy(ref, IDS, domId, true);
  return (
    <>
      <output>{active}</output>
      <button onClick={() => scrollTo('three')}>go</button>
      <div ref={ref} data-testid="scroller">
        {IDS.map((id) => (
          <section key={id} id={domId(id)} />
        ))}
      </div>
    </>
  );
}

/** Places the sections as if the container had scrolled by `offset` pixels (each section 500 px tall). */
function layout(offset: number) {
  const box = (top: number) =>
    ({ top, bottom: top + 500, left: 0, right: 0, width: 0, height: 500, x: 0, y: top }) as DOMRect;
  screen.getByTestId('scroller').getBoundingClientRect = () => box(0);
  IDS.forEach((id, i) => {
    document.getElementById(domId(id))!.getBoundingClientRect = () => box(i * 500 - offset);
  });
}

describe('section scroll-spy (spec 001 §2.1, §9)', () => {
  it('highlights the section in view 300 ms after the scrolling stops', () => {
    vi.useFakeTimers();
    render(<Harness />);
    expect(screen.getByRole('status')).toHaveTextContent('one');
    layout(520);
    fireEvent.scroll(screen.getByTestId('scroller'));
    act(() => vi.advanceTimersByTime(SCROLL_SPY_DEBOUNCE_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('one');
    // Another scroll restarts the wait.
    layout(1010);
    fireEvent.scroll(screen.getByTestId('scroller'));
    act(() => vi.advanceTimersByTime(SCROLL_SPY_DEBOUNCE_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('one');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('three');
    expect(SCROLL_SPY_DEBOUNCE_MS).toBe(300);
  });

  it('highlights a clicked section at once and scrolls to it smoothly', () => {
    const scrollIntoView = vi.fn();
    render(<Harness />);
    document.getElementById(domId('three'))!.scrollIntoView = scrollIntoView;
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(screen.getByRole('status')).toHaveTextContent('three');
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
  });
});
