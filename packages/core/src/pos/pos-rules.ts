import { z } from 'zod';
import { money } from '../numbers.js';

/**
 * POS, vending and aggregator menu sync (issue 20 points 6 and 7; page pos-vsd, India region).
 *
 * PLU codes: what a till rings an item up by. 1–14 characters of A–Z and 0–9, kept upper-case so a code typed in
 * lower case is the same code (the database's unique index is case-insensitive too). 14 is the longest code a
 * POS keypad or scanner sends for an item (a GTIN-14); letters are allowed because many Indian POS back-ends use
 * short alphanumeric item codes (e.g. `BIR01`), while the usual 4–5-digit produce PLUs are plain digits.
 * Spaces, dashes and other signs are refused: keypads cannot type them and POS exports drop them.
 */
export const PLU_MAX = 14;
export const PLU_RE = /^[A-Z0-9]{1,14}$/;
export const PLU_MESSAGE = `A PLU is 1 to ${PLU_MAX} letters A–Z or digits (no spaces)`;

/** Normalises a typed PLU: trimmed and upper-case. */
export const normalisePlu = (value: string) => value.trim().toUpperCase();
export const isValidPlu = (value: string) => PLU_RE.test(normalisePlu(value));

export const pluSchema = z
  .string()
  .max(40)
  .transform(normalisePlu)
  .refine((v) => PLU_RE.test(v), { message: PLU_MESSAGE });

/** The largest start "Assign missing" accepts (the next numbers must stay within 14 digits). */
export const PLU_NUMBER_MAX = 99_999_999_999_999;

/**
 * The next free numeric PLUs from `start` for `count` items, skipping codes already used (compared upper-case).
 * Returns null when they would run past 14 digits (the whole assignment is then refused).
 */
export function nextFreePlus(start: number, count: number, used: Iterable<string>): string[] | null {
  const taken = new Set([...used].map(normalisePlu));
  const out: string[] = [];
  let n = start;
  while (out.length < count) {
    if (n > PLU_NUMBER_MAX) return null;
    const code = String(n);
    if (!taken.has(code)) out.push(code);
    n += 1;
  }
  return out;
}

export const SYNC_KINDS = ['pos', 'vending', 'aggregator'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];
export const SYNC_STATUSES = ['queued', 'running', 'done', 'error'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

/**
 * A target's address: http or https only, without a user name or password (the server posts to it, and the
 * server refuses addresses that are not public unless its operator allows them: docs/security.md).
 */
export const syncUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the address')
  .max(1000)
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
      } catch {
        return false;
      }
    },
    { message: 'The address must be an http:// or https:// URL' },
  )
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return u.username === '' && u.password === '';
      } catch {
        return true; // not a URL: said above
      }
    },
    { message: 'The address must not carry a user name or password; use the Authorization header' },
  );

/** What the form edits of a sync target. `auth_header` undefined keeps the stored one; '' clears it. */
export const syncTargetBody = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(80),
  kind: z.enum(SYNC_KINDS),
  url: syncUrlSchema,
  auth_header: z
    .string()
    .max(2000)
    .refine((v) => !/[\r\n]/.test(v), { message: 'The Authorization header must be one line' })
    .optional()
    .meta({ description: 'Sent as the Authorization header; never returned. Omit to keep, empty to clear.' }),
  enabled: z.boolean().default(true),
  restaurants: z
    .array(z.string().trim().min(1).max(200))
    .max(500)
    .default([])
    .meta({ description: 'Restaurants it receives (empty: any)' }),
});
export type SyncTargetBody = z.output<typeof syncTargetBody>;
export type SyncTargetInput = z.input<typeof syncTargetBody>;

export const syncTargetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(SYNC_KINDS),
  url: z.string(),
  auth_header_set: z.boolean().meta({ description: 'Whether an Authorization header is stored (never shown)' }),
  enabled: z.boolean(),
  restaurants: z.array(z.string()),
  version: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type SyncTarget = z.infer<typeof syncTargetSchema>;

/** Whether a target receives a restaurant's menu (enabled, and lists the restaurant or lists none). */
export const targetTakes = (t: Pick<SyncTarget, 'enabled' | 'restaurants'>, restaurant: string) =>
  t.enabled && (t.restaurants.length === 0 || t.restaurants.includes(restaurant));

export const syncRunSchema = z.object({
  id: z.number().int(),
  job_id: z.string(),
  target_id: z.number().int(),
  target_name: z.string(),
  kind: z.enum(SYNC_KINDS),
  restaurant: z.string(),
  status: z.enum(SYNC_STATUSES),
  item_count: z.number().int(),
  request_bytes: z.number().int(),
  response_status: z.number().int().nullable(),
  response_excerpt: z.string().meta({
    description:
      "A short reason written by Control Desk ('accepted', 'timed out after 15 s', 'refused: loopback address …'); never the target's answer",
  }),
  attempts: z.number().int(),
  created_by: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

/** A restaurant's item as the PLU list and a POS read it. */
export const pluItemSchema = z.object({
  foodid: z.string(),
  foodname: z.string(),
  restaurant: z.string(),
  plu: z.string().nullable(),
  price: z.number(),
  vegflag: z.string(),
  taxation: z.string(),
  hide_item: z.boolean(),
  sold_out: z.boolean(),
  snoozed_until: z.string().nullable(),
  /** The PLU row's version (0 while the item has no PLU). */
  version: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type PluItem = z.infer<typeof pluItemSchema>;

/** Delivery policy of one sync request (docs/menu-sync-format.md). */
export const SYNC_ATTEMPTS = 3;
export const SYNC_TIMEOUT_MS = 15_000;
/** The longest reason the sync log shows for a delivery (our own words; a target's answer is never kept). */
export const SYNC_REASON_MAX = 200;
export const SYNC_FORMATS = { pos: 'controldesk.pos-items.v1', aggregator: 'controldesk.menu.v1' } as const;

/** Tax and subsidy on many items (update_fooditems_tax, item_subsidy): the chosen items or all of them. */
const itemChoice = {
  restaurant: z.string().trim().min(1).max(200),
  foodids: z.array(z.string().min(1).max(200)).max(10_000).optional(),
  all: z.boolean().optional(),
};
const chosen = (b: { foodids?: string[]; all?: boolean }) => b.all === true || (b.foodids?.length ?? 0) > 0;
const choiceMessage = { message: 'Choose items (foodids) or all: true', path: ['foodids'] };
export const itemTaxBody = z
  .object({ ...itemChoice, taxation: z.string().trim().max(60) })
  .refine(chosen, choiceMessage);
export const itemSubsidyBody = z.object({ ...itemChoice, subsidyamount: money() }).refine(chosen, choiceMessage);
export type ItemTaxBody = z.output<typeof itemTaxBody>;
export type ItemSubsidyBody = z.output<typeof itemSubsidyBody>;
