import { z } from 'zod';

/**
 * Production planning (issue 20 point 5, page productionPlanning): what a restaurant's kitchen prepares on a day
 * for a session, proposed from what sold on the same weekday in the past weeks and adjusted by hand.
 *
 * Peers (research/peers.md §6 item 7): TracRite's par is a share (80 %) of the highest same-weekday sales; Rinvy's
 * plans go DRAFT → APPROVED; prep lists show recommended vs target. Here: `average` (the default) is the mean of
 * the N same weekdays, weeks without a sale counting as 0; `peak` is `peak_pct` % of the highest of them. A buffer
 * adds a share on top; the result is rounded up to whole portions. An item that did not sell in the window is not
 * proposed.
 */

export const PRODUCTION_METHODS = ['average', 'peak'] as const;
export type ProductionMethod = (typeof PRODUCTION_METHODS)[number];
export const PRODUCTION_PLAN_STATUSES = ['draft', 'approved'] as const;
export type ProductionPlanStatus = (typeof PRODUCTION_PLAN_STATUSES)[number];

/** The session that is every session of the day. */
export const ALL_DAY = 'all_day';
export const LOOKBACK_MIN = 1;
export const LOOKBACK_MAX = 12;
export const LOOKBACK_DEFAULT = 4;
export const PEAK_PCT_DEFAULT = 80;
export const PLANNED_MAX = 999_999;
export const PRODUCTION_NOTE_MAX = 200;
export const PRODUCTION_NOTES_MAX = 1000;
export const PRODUCTION_LINES_MAX = 2000;

export const productionMethodSchema = z.object({
  method: z.enum(PRODUCTION_METHODS).default('average'),
  buffer_pct: z.number().int().min(0).max(100).default(0).meta({ description: 'Added on top, 0–100 %' }),
  peak_pct: z
    .number()
    .int()
    .min(1)
    .max(100)
    .default(PEAK_PCT_DEFAULT)
    .meta({ description: "The share of the highest day the 'peak' method proposes" }),
});
export type ProductionMethodSettings = z.output<typeof productionMethodSchema>;

const EPSILON = 1e-9;

/**
 * The quantity proposed from an item's same-weekday sales (one number per week, oldest first): null when it did not
 * sell in the window. Negative days (more refunded than sold) count as 0.
 */
export function proposeQuantity(history: readonly number[], settings: ProductionMethodSettings): number | null {
  const days = history.map((n) => Math.max(0, n));
  if (days.length === 0 || !days.some((n) => n > 0)) return null;
  const base =
    settings.method === 'peak'
      ? (Math.max(...days) * settings.peak_pct) / 100
      : days.reduce((a, b) => a + b, 0) / days.length;
  const buffered = base * (1 + settings.buffer_pct / 100);
  return Math.max(1, Math.ceil(buffered - EPSILON));
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The same weekday in each of the `weeks` weeks before `planDate` (YYYY-MM-DD), oldest first. */
export function sameWeekdays(planDate: string, weeks: number): string[] {
  const at = Date.parse(`${planDate}T00:00:00Z`);
  return Array.from({ length: weeks }, (_, i) => isoDay(at - (weeks - i) * 7 * DAY_MS));
}

/** The English weekday of a date (YYYY-MM-DD). */
export function weekdayOf(date: string): string {
  return ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][
    new Date(`${date}T00:00:00Z`).getUTCDay()
  ]!;
}

export type ProductionItemSales = { foodid: string; foodname: string; byDate: Record<string, number> };
export type ProductionProposedLine = { foodid: string; foodname: string; history: number[]; proposed: number };

/** Proposed lines for the items sold in the window, most first (then by name). */
export function proposeLines(
  items: readonly ProductionItemSales[],
  dates: readonly string[],
  settings: ProductionMethodSettings,
): ProductionProposedLine[] {
  const out: ProductionProposedLine[] = [];
  for (const item of items) {
    const history = dates.map((d) => Math.max(0, item.byDate[d] ?? 0));
    const proposed = proposeQuantity(history, settings);
    if (proposed !== null) out.push({ foodid: item.foodid, foodname: item.foodname, history, proposed });
  }
  return out.sort((a, b) => b.proposed - a.proposed || a.foodname.localeCompare(b.foodname));
}

export type ProductionLineState = {
  foodid: string;
  foodname: string;
  proposed: number;
  planned: number;
  history: number[];
  note: string;
};

/** Whether a line was changed by hand: its planned number differs from the proposal, or it has a note. */
export const handAdjusted = (l: Pick<ProductionLineState, 'proposed' | 'planned' | 'note'>) =>
  Math.abs(l.planned - l.proposed) > EPSILON || l.note.trim() !== '';

/**
 * A draft refreshed from new history: every line takes the new proposal and history; a line changed by hand keeps
 * its planned number and note; a hand-changed line whose item no longer sells stays (proposed 0); the rest of the
 * lines no longer proposed go. `kept` counts the lines whose hand changes were kept.
 */
export function refreshLines(
  existing: readonly ProductionLineState[],
  proposals: readonly ProductionProposedLine[],
  weeks: number,
): { lines: ProductionLineState[]; kept: number } {
  const before = new Map(existing.map((l) => [l.foodid, l]));
  let kept = 0;
  const lines: ProductionLineState[] = proposals.map((p) => {
    const old = before.get(p.foodid);
    before.delete(p.foodid);
    if (old && handAdjusted(old)) {
      kept++;
      return { ...p, planned: old.planned, note: old.note };
    }
    return { ...p, planned: p.proposed, note: '' };
  });
  for (const old of before.values()) {
    if (!handAdjusted(old)) continue;
    kept++;
    lines.push({ ...old, proposed: 0, history: Array.from({ length: weeks }, () => 0) });
  }
  return { lines, kept };
}

const decimals3 = (n: number) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6;

/** A line as saved by hand: the planned quantity (0–999,999, up to 3 decimals) and a note. */
export const productionLineBody = z.object({
  foodid: z.string().min(1).max(200),
  planned: z
    .number({ message: 'Enter a number' })
    .min(0, 'Enter 0 or more')
    .max(PLANNED_MAX, `At most ${PLANNED_MAX.toLocaleString('en')}`)
    .refine(decimals3, { message: 'At most 3 decimals' }),
  note: z.string().trim().max(PRODUCTION_NOTE_MAX, `At most ${PRODUCTION_NOTE_MAX} characters`).default(''),
});
export type ProductionLineBody = z.output<typeof productionLineBody>;

export const productionLinesBody = z.object({
  notes: z.string().trim().max(PRODUCTION_NOTES_MAX, `At most ${PRODUCTION_NOTES_MAX} characters`).default(''),
  lines: z
    .array(productionLineBody)
    .max(PRODUCTION_LINES_MAX)
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      lines.forEach((l, i) => {
        if (seen.has(l.foodid)) ctx.addIssue({ code: 'custom', path: [i, 'foodid'], message: 'Listed twice' });
        seen.add(l.foodid);
      });
    }),
});
export type ProductionLinesBody = z.output<typeof productionLinesBody>;

/** The sessions a plan can be for: the restaurant's session list, the sessions it sold in, and all day. */
export function productionSessions(sessionList: readonly string[], sold: readonly string[]): string[] {
  const named = [...new Set([...sessionList, ...sold].map((s) => s.trim()).filter((s) => s && s !== ALL_DAY))];
  return [ALL_DAY, ...named];
}
