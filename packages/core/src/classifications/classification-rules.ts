import { z } from 'zod';

/**
 * Classifications of items (issue 20): sales categories (Toast: they feed the reports; an item without one is
 * reported under "No sales category"), accounting groups (Lightspeed: a GL code for the SAP rules), diet tags
 * (Grubtech: vegetarian, gluten-free, spicy) and other free groupings. An item has at most one sales category and
 * one accounting group (a report or a posting must not count it twice); diet tags and others stack.
 */

export const CLASSIFICATION_KINDS = ['sales_category', 'accounting_group', 'diet_tag', 'other'] as const;
export type ClassificationKind = (typeof CLASSIFICATION_KINDS)[number];

/** The kinds an item may hold only one of: assigning another moves the item. */
export const SINGLE_KINDS: readonly ClassificationKind[] = ['sales_category', 'accounting_group'];

/** Whether an item holds at most one classification of this kind (adding one moves it from the previous). */
export const isSingleKind = (kind: string): boolean => (SINGLE_KINDS as readonly string[]).includes(kind);

/** At most this many items in one assign request (a whole 5,000-item menu). */
export const MAX_ASSIGN_ITEMS = 5000;

export const classificationBody = z.object({
  kind: z.enum(CLASSIFICATION_KINDS, { message: 'Choose the kind' }),
  name: z.string().trim().min(1, 'Enter the name').max(80, 'At most 80 characters'),
  code: z
    .string()
    .trim()
    .max(40, 'At most 40 characters')
    .regex(/^[A-Za-z0-9._\-/]*$/, 'Letters, digits and . _ - / only')
    .default('')
    .meta({ description: 'For reports and SAP rules: a GL account, a report group' }),
  description: z.string().trim().max(500, 'At most 500 characters').default(''),
  version: z.number().int().min(1).optional().meta({ description: 'The version edited (required to save)' }),
});
export type ClassificationBody = z.output<typeof classificationBody>;

export const classificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CLASSIFICATION_KINDS),
  name: z.string(),
  code: z.string(),
  description: z.string(),
  item_count: z.number().int().meta({ description: 'Items of the user’s restaurants that have it' }),
  version: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type Classification = z.infer<typeof classificationSchema>;

export const classifiedItemSchema = z.object({
  foodid: z.string(),
  foodname: z.string(),
  restaurant: z.string(),
  assigned_by: z.string().nullable().optional(),
  assigned_at: z.string().optional(),
  classifications: z
    .array(z.object({ id: z.number().int(), kind: z.enum(CLASSIFICATION_KINDS), name: z.string() }))
    .optional()
    .meta({ description: 'What it has now (the item picker)' }),
});
export type ClassifiedItem = z.infer<typeof classifiedItemSchema>;

export const ASSIGN_MODES = ['add', 'remove'] as const;
export const assignBody = z.object({
  foodids: z
    .array(z.string().trim().min(1).max(200))
    .min(1, 'Choose at least one item')
    .max(MAX_ASSIGN_ITEMS, `At most ${MAX_ASSIGN_ITEMS} items at once`),
  mode: z.enum(ASSIGN_MODES).default('add'),
});
export type AssignBody = z.output<typeof assignBody>;

/** What an assignment did: how many items it added or removed, and how many it moved from which classification. */
export const assignResultSchema = z.object({
  assigned: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int().meta({ description: 'Already had it (add) or did not have it (remove)' }),
  moved: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
});
export type AssignResult = z.infer<typeof assignResultSchema>;
