import { z } from 'zod';
import { daysAvailableSchema, foodItemFieldsSchema } from '../menu/item.js';
import { versionNumber } from '../numbers.js';
import { clientMeta, successEnvelope } from './envelope.js';
import { listAnswerSchema, listQuerySchema } from './list.js';

/**
 * Scheduled menu changes (issue 36 point 3, Toast's change sets): a named set of edits to a restaurant's items —
 * name, price and availability (hidden, days sold) — kept as a draft, previewed against the live menu, and
 * published at a chosen time by the job processes (or now): once, in one transaction, with a report. Each edit
 * remembers the live values it was made against (its base): a field changed live since is a conflict, shown in
 * the preview and left as it is by the publish (never overwritten) unless the user chose to keep theirs.
 *
 *   GET    /menu-changes?restaurant=&status=&search=&sort=&order=&page=&page_size=
 *   POST   /menu-changes                 {restaurant, name, publish_at|null, entries[]}   draft, or scheduled
 *   PUT    /menu-changes/:id             (version-checked; draft, scheduled or failed only)
 *   DELETE /menu-changes/:id?version=    (not a published one: its report stays)
 *   GET    /menu-changes/:id/preview     each edit against the live item: live, base, draft, conflict
 *   POST   /menu-changes/:id/publish     {version}  now, in this request
 *   POST   /menu-changes/:id/cancel      {version}  a draft or scheduled set is never published
 */

/** The item fields a change set may change: its name, its price and its availability. */
export const MENU_CHANGE_FIELDS = ['foodname', 'price', 'hide_item', 'daysavailable'] as const;
export type MenuChangeField = (typeof MENU_CHANGE_FIELDS)[number];

export const MENU_CHANGE_STATUSES = ['draft', 'scheduled', 'published', 'failed', 'cancelled'] as const;
export type MenuChangeStatus = (typeof MENU_CHANGE_STATUSES)[number];
/** A set in these can still be edited, scheduled or published; the others are kept as they ended. */
export const MENU_CHANGE_OPEN: readonly MenuChangeStatus[] = ['draft', 'scheduled', 'failed'];

export const MENU_CHANGE_LIMITS = { name: 100, entries: 500 } as const;

const shape = foodItemFieldsSchema.shape;
/** The new values of one item: only the fields the set changes (at least one). */
export const menuChangeValues = z
  .object({
    foodname: shape.foodname.optional(),
    price: shape.price.unwrap().optional(),
    hide_item: z.boolean().optional(),
    daysavailable: daysAvailableSchema.optional(),
  })
  .refine((v) => MENU_CHANGE_FIELDS.some((f) => v[f] !== undefined), 'Change at least one field');
export type MenuChangeValues = z.output<typeof menuChangeValues>;

export const menuChangeEntryBody = z.object({
  foodid: z.string().trim().min(1).max(200),
  values: menuChangeValues,
  keep_mine: z
    .boolean()
    .optional()
    .meta({
      description:
        'Take the live values as they are now as this edit’s base: a conflict the preview showed is then overwritten ' +
        'by the publish (the user chose theirs). Without it an unchanged edit keeps the base it was made against.',
    }),
});

export const menuChangeSetBody = z
  .object({
    restaurant: z.string().trim().min(1).max(200),
    name: z.string().trim().min(1, 'Name the change').max(MENU_CHANGE_LIMITS.name),
    publish_at: z.iso
      .datetime({ offset: true })
      .nullable()
      .default(null)
      .meta({ description: 'When the job processes publish it; empty: a draft' }),
    entries: z
      .array(menuChangeEntryBody)
      .min(1, 'Add at least one item')
      .max(MENU_CHANGE_LIMITS.entries, `At most ${MENU_CHANGE_LIMITS.entries} items in one change`),
    version: versionNumber().optional(),
    ...clientMeta,
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.entries.forEach((e, i) => {
      if (seen.has(e.foodid))
        ctx.addIssue({ code: 'custom', path: ['entries', i, 'foodid'], message: 'Each item once in a change' });
      seen.add(e.foodid);
    });
  });
export type MenuChangeSetBody = z.output<typeof menuChangeSetBody>;
export type MenuChangeSetInput = z.input<typeof menuChangeSetBody>;

const partialValues = z.object({
  foodname: z.string().optional(),
  price: z.number().optional(),
  hide_item: z.boolean().optional(),
  daysavailable: z.record(z.string(), z.boolean()).optional(),
});

export const menuChangeEntrySchema = z.object({
  foodid: z.string(),
  /** The item's name when the edit was saved (the item may be renamed or deleted since). */
  foodname: z.string(),
  values: partialValues,
  /** The live values of the changed fields when the edit was saved: what a conflict is judged against. */
  base: partialValues,
  base_at: z.string(),
});
export type MenuChangeEntry = z.infer<typeof menuChangeEntrySchema>;

export const MENU_CHANGE_ITEM_OUTCOMES = ['applied', 'partly', 'unchanged', 'conflict', 'missing', 'refused'] as const;
export type MenuChangeItemOutcome = (typeof MENU_CHANGE_ITEM_OUTCOMES)[number];

const conflictSchema = z.object({
  field: z.enum(MENU_CHANGE_FIELDS),
  live: z.unknown(),
  base: z.unknown(),
  draft: z.unknown(),
});

/** What a publish did, item by item. */
export const menuChangeReportSchema = z.object({
  outcome: z.enum(['published', 'failed']),
  at: z.string(),
  /** `schedule`: the job processes at its time; `now`: a user's Publish now. */
  trigger: z.enum(['schedule', 'now']),
  by: z.string(),
  message: z.string(),
  /** Items changed, edits left because of a live change, items gone, items whose edit broke a rule. */
  counts: z.object({
    applied: z.number().int(),
    conflicts: z.number().int(),
    missing: z.number().int(),
    refused: z.number().int(),
  }),
  items: z.array(
    z.object({
      foodid: z.string(),
      foodname: z.string(),
      outcome: z.enum(MENU_CHANGE_ITEM_OUTCOMES),
      applied: z.array(z.enum(MENU_CHANGE_FIELDS)),
      conflicts: z.array(conflictSchema),
      message: z.string().optional(),
    }),
  ),
});
export type MenuChangeReport = z.infer<typeof menuChangeReportSchema>;

export const menuChangeSetSchema = z.object({
  id: z.number().int(),
  restaurant: z.string(),
  restaurant_name: z.string(),
  name: z.string(),
  status: z.enum(MENU_CHANGE_STATUSES),
  publish_at: z.string().nullable(),
  entries: z.array(menuChangeEntrySchema),
  entry_count: z.number().int(),
  published_at: z.string().nullable(),
  report: menuChangeReportSchema.nullable(),
  created_by: z.string().nullable(),
  version: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type MenuChangeSet = z.infer<typeof menuChangeSetSchema>;

export const MENU_CHANGE_SORT = ['name', 'status', 'publish_at', 'updated_at'] as const;
export const menuChangeListQuery = listQuerySchema(MENU_CHANGE_SORT, {
  restaurant: z.string().max(200).optional(),
  status: z.enum(MENU_CHANGE_STATUSES).optional(),
});
export const menuChangeListAnswer = listAnswerSchema('changes', menuChangeSetSchema);
export const menuChangeAnswer = successEnvelope({ message: z.string(), change: menuChangeSetSchema });
export const menuChangeVersionBody = z.object({ version: versionNumber(), ...clientMeta });

/** One edit against the live item now. */
export const menuChangePreviewEntry = z.object({
  foodid: z.string(),
  foodname: z.string(),
  /** False when the item was deleted since the edit was made (the publish skips it). */
  exists: z.boolean(),
  fields: z.array(
    z.object({
      field: z.enum(MENU_CHANGE_FIELDS),
      live: z.unknown(),
      base: z.unknown(),
      draft: z.unknown(),
      /** Changed live since the edit was made: the publish leaves the live value unless the user keeps theirs. */
      conflict: z.boolean(),
    }),
  ),
  /** Who changed the item last, and when (to name a conflict). */
  changed_by: z.string().nullable(),
  changed_at: z.string().nullable(),
  /** Rules the item would break with the edit applied (the publish would fail on them). */
  problems: z.array(z.string()),
});
export type MenuChangePreviewEntry = z.infer<typeof menuChangePreviewEntry>;
export const menuChangePreviewAnswer = successEnvelope({
  id: z.number().int(),
  conflicts: z.number().int(),
  entries: z.array(menuChangePreviewEntry),
});
export type MenuChangePreview = z.infer<typeof menuChangePreviewAnswer>;

/** Whether two values of a change-set field are the same (prices as numbers, days key by key). */
export function sameMenuValue(field: MenuChangeField, a: unknown, b: unknown): boolean {
  if (field === 'price') return Number(a) === Number(b);
  if (field === 'daysavailable') {
    const x = (a ?? {}) as Record<string, unknown>;
    const y = (b ?? {}) as Record<string, unknown>;
    return [...new Set([...Object.keys(x), ...Object.keys(y)])].every((k) => (x[k] ?? true) === (y[k] ?? true));
  }
  return a === b;
}
