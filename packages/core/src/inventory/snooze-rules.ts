import { z } from 'zod';

/**
 * Snooze (issue 20 point 4; peers §6, Odoo / MENU "86 an item"): an item or a submenu option off sale at a
 * restaurant until a time, then on sale again by itself. Presets 1 hour, 4 hours and until the end of the day.
 */
export const SNOOZE_TARGETS = ['item', 'option'] as const;
export type SnoozeTarget = (typeof SNOOZE_TARGETS)[number];
export const SNOOZE_PRESET_MINUTES = [60, 240] as const;
/** A snooze lasts at most a week. */
export const SNOOZE_MAX_MS = 7 * 24 * 3600_000;

const target = {
  restaurant: z.string().trim().min(1).max(200),
  target_type: z.enum(SNOOZE_TARGETS),
  target_id: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .meta({ description: "The item's foodid, or `<submenuid>:<option key>` for an option" }),
};

export const snoozeTargetQuery = z.object(target);

export const snoozeBody = z
  .object({
    ...target,
    until: z
      .union([z.literal('end_of_day'), z.iso.datetime({ offset: true })])
      .optional()
      .meta({ description: "A time, or 'end_of_day' (23:59:59 server local time)" }),
    minutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .optional()
      .meta({ description: 'From now (1 hour: 60, 4 hours: 240)' }),
    reason: z.string().trim().max(200).default(''),
  })
  .superRefine((b, ctx) => {
    if ((b.until === undefined) === (b.minutes === undefined))
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'Give either until or minutes' });
  });
export type SnoozeBody = z.output<typeof snoozeBody>;

/** The end of the local day of `now` (23:59:59.999 local time). */
export function endOfDay(now: Date): Date {
  const d = new Date(now);
  d.setHours(23, 59, 59, 999);
  return d;
}

/** When a snooze ends, or why it cannot be taken. */
export function snoozeUntil(
  body: Pick<SnoozeBody, 'until' | 'minutes'>,
  now: Date,
): { ok: true; until: Date } | { ok: false; message: string } {
  const until =
    body.minutes !== undefined
      ? new Date(now.getTime() + body.minutes * 60_000)
      : body.until === 'end_of_day'
        ? endOfDay(now)
        : new Date(body.until!);
  if (until.getTime() <= now.getTime()) return { ok: false, message: 'The time has passed already' };
  if (until.getTime() - now.getTime() > SNOOZE_MAX_MS) return { ok: false, message: 'At most a week from now' };
  return { ok: true, until };
}

export const snoozeSchema = z.object({
  restaurant: z.string(),
  target_type: z.enum(SNOOZE_TARGETS),
  target_id: z.string(),
  until: z.string(),
  reason: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type Snooze = z.infer<typeof snoozeSchema>;
