/**
 * How a chart's category axis is laid out at a width (issue 35): which ticks are labelled, how long a label may
 * be, whether labels slant, and the room they need — so that every label shown is whole, inside the chart and
 * apart from its neighbours, on a phone as on a desktop.
 */

/** Tick labels are drawn at this size (px); a character is taken as this wide (a little over Nunito Sans's). */
export const TICK_FONT_SIZE = 12;
const CHAR_WIDTH = 7;
/** Room around a label, and the least distance between slanted labels (measured along the axis). */
const LABEL_PADDING = 8;
const SLANTED_SPACING = 24;
const ANGLE = -40;
/** Labels this short (characters) stay level and are spread out rather than slanted. */
const SHORT = 6;
const COS = Math.cos((Math.abs(ANGLE) * Math.PI) / 180);
const SIN = Math.sin((Math.abs(ANGLE) * Math.PI) / 180);

export type XAxisLayout = {
  /** Label every (interval + 1)th tick (recharts' `interval`). */
  interval: number;
  /** 0 (level) or a slant in degrees. */
  angle: number;
  /** The axis's height (px). */
  height: number;
  /** The chart's margins that keep the first and last labels inside it (px). */
  margin: { left: number; right: number };
  /** A value as its tick shows it (shortened). */
  label: (value: string) => string;
};

type Input = {
  /** 'date': the x values are DD-MM-YYYY dates; anything else: names. */
  type: string;
  /** A bar chart's ticks sit mid-bar; a line chart's first and last sit on the plot's edges. */
  chart: 'bar' | 'line';
  /** The x values as the table writes them. */
  values: readonly string[];
  /** The whole chart's width, px. */
  width: number;
  /** The width of the y axis (px): room the first label may use. */
  yAxisWidth: number;
  narrow: boolean;
};

const MIN_MARGIN = 8;
const textWidth = (text: string) => text.length * CHAR_WIDTH;

/** `text` cut to `max` characters, with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1)).trimEnd()}…`;
}

/** A DD-MM-YYYY date without its year ("28-11"), for a phone's axis; anything else as it is. */
export function shortDate(text: string): string {
  return /^\d{2}-\d{2}-\d{4}$/.test(text) ? text.slice(0, 5) : text;
}

export function xAxisLayout(input: Input): XAxisLayout {
  // The margins take from the plot, and the plot's width decides the margins: the second pass settles it.
  const first = layoutAt(input, input.width - input.yAxisWidth - 2 * MIN_MARGIN);
  return layoutAt(input, input.width - input.yAxisWidth - first.margin.left - first.margin.right);
}

function layoutAt({ type, chart, values, yAxisWidth, narrow }: Input, plotWidth: number): XAxisLayout {
  const count = Math.max(1, values.length);
  const plot = Math.max(1, plotWidth);
  // The distance between ticks, and how far the first tick sits from the plot's left edge.
  const slot = chart === 'line' ? plot / Math.max(1, count - 1) : plot / count;
  const offset = chart === 'line' ? 0 : slot / 2;
  const widestOf = (label: (value: string) => string) => Math.max(0, ...values.map((v) => textWidth(label(v))));

  const level = (label: (value: string) => string): XAxisLayout => {
    const widest = widestOf(label) + LABEL_PADDING;
    // A level label is centred on its tick: the end ones stick out by half their width less the offset.
    const overhang = widest / 2 - offset;
    return {
      interval: Math.max(0, Math.ceil(widest / slot) - 1),
      angle: 0,
      height: 30,
      margin: {
        left: Math.max(MIN_MARGIN, Math.ceil(overhang - yAxisWidth)),
        right: Math.max(MIN_MARGIN, Math.ceil(overhang)),
      },
      label,
    };
  };

  if (type === 'date') return level(narrow ? shortDate : (v) => v);

  // Names: level when they fit their slots (cut to fit when slots are at least 8 characters wide), short ones
  // ("09:00") level too, every few ticks …
  const whole = (v: string) => shorten(v, 24);
  if (widestOf(whole) + LABEL_PADDING <= slot || widestOf(whole) <= textWidth('x'.repeat(SHORT))) return level(whole);
  const fitting = Math.floor((slot - LABEL_PADDING) / CHAR_WIDTH);
  if (fitting >= 8) return level((v) => shorten(v, fitting));

  // … else slanted, each ending under its tick, every few ticks so that they do not touch.
  const max = narrow ? 12 : 18;
  const label = (v: string) => shorten(v, max);
  const widest = widestOf(label);
  return {
    interval: Math.max(0, Math.ceil(SLANTED_SPACING / slot) - 1),
    angle: ANGLE,
    height: Math.ceil(widest * SIN + TICK_FONT_SIZE * COS + 12),
    margin: {
      left: Math.max(MIN_MARGIN, Math.ceil(widest * COS + 4 - yAxisWidth - offset)),
      right: Math.max(MIN_MARGIN, Math.ceil(TICK_FONT_SIZE * SIN - offset) + 4),
    },
    label,
  };
}

/** Axis amounts on a phone: "12K", "1.5M" (the tooltip and the table give them whole). */
export function compactNumber(language: string): (value: number) => string {
  const format = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
  return (value) => format.format(value);
}
