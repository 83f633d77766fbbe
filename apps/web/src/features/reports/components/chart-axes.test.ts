import { describe, expect, it } from 'vitest';
import { compactNumber, shortDate, shorten, xAxisLayout } from './chart-axes';

const days = (n: number) => Array.from({ length: n }, (_, i) => `${String((i % 28) + 1).padStart(2, '0')}-11-2026`);
const names = (n: number) => Array.from({ length: n }, (_, i) => `Cold-pressed Juice ${i}`);
/** How many ticks are labelled with recharts' numeric interval. */
const labelled = (count: number, interval: number) => Math.ceil(count / (interval + 1));

describe("a chart's category axis (issue 35)", () => {
  it('shortens: names with an ellipsis, dates without their year', () => {
    expect(shorten('Cold-pressed Juice', 12)).toBe('Cold-presse…');
    expect(shorten('Rava Idli', 12)).toBe('Rava Idli');
    expect(shortDate('28-11-2026')).toBe('28-11');
    expect(shortDate('Lunch')).toBe('Lunch');
  });

  it('on a phone writes dates without the year and labels only as many days as fit, the ends inside the chart', () => {
    const layout = xAxisLayout({
      type: 'date',
      chart: 'line',
      values: days(30),
      width: 326,
      yAxisWidth: 44,
      narrow: true,
    });
    expect(layout.label('28-11-2026')).toBe('28-11');
    expect(layout.angle).toBe(0);
    // Five characters and room around them (~43 px) in a plot of about 250 px: about six labels, not thirty.
    const shown = labelled(30, layout.interval);
    expect(shown).toBeGreaterThanOrEqual(4);
    expect(shown).toBeLessThanOrEqual(8);
    // A line chart's last tick sits on the plot's right edge: the margin holds half its label.
    expect(layout.margin.right).toBeGreaterThanOrEqual(20);
  });

  it('keeps whole dates on a desktop, every day when they fit', () => {
    const layout = xAxisLayout({
      type: 'date',
      chart: 'line',
      values: days(7),
      width: 1000,
      yAxisWidth: 72,
      narrow: false,
    });
    expect(layout.label('28-11-2026')).toBe('28-11-2026');
    expect(layout.interval).toBe(0);
  });

  it('slants many names on a phone, cut to 12 characters, spaced apart, with room below and to the left', () => {
    const layout = xAxisLayout({
      type: 'text',
      chart: 'bar',
      values: names(28),
      width: 326,
      yAxisWidth: 44,
      narrow: true,
    });
    expect(layout.angle).toBeLessThan(0);
    expect(layout.label('Cold-pressed Juice')).toBe('Cold-presse…');
    expect(labelled(28, layout.interval)).toBeLessThanOrEqual(12);
    expect(layout.height).toBeGreaterThan(50);
    // The first label runs down and left from the first bar: 12 characters slanted need more than the y axis.
    expect(layout.margin.left + 44).toBeGreaterThanOrEqual(60);
  });

  it('keeps a few names level, whole when they fit and cut to their slot when not', () => {
    const few = xAxisLayout({
      type: 'text',
      chart: 'bar',
      values: ['Cash', 'Card', 'UPI'],
      width: 326,
      yAxisWidth: 44,
      narrow: true,
    });
    expect(few).toMatchObject({ angle: 0, interval: 0 });
    expect(few.label('Card')).toBe('Card');
    const cut = xAxisLayout({ type: 'text', chart: 'bar', values: names(3), width: 326, yAxisWidth: 44, narrow: true });
    expect(cut).toMatchObject({ angle: 0, interval: 0 });
    expect(cut.label('Cold-pressed Juice 1').length).toBeLessThan(20);
  });

  it('keeps short labels (hours) level and spreads them out', () => {
    const hours = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
    const layout = xAxisLayout({
      type: 'text',
      chart: 'line',
      values: hours,
      width: 326,
      yAxisWidth: 44,
      narrow: true,
    });
    expect(layout.angle).toBe(0);
    expect(labelled(24, layout.interval)).toBeLessThanOrEqual(8);
  });

  it('writes axis amounts short', () => {
    expect(compactNumber('en-US')(12_000)).toBe('12K');
    expect(compactNumber('en-US')(1_500_000)).toBe('1.5M');
  });
});
