import { z } from 'zod';
import {
  pluItemSchema,
  pluSchema,
  PLU_NUMBER_MAX,
  syncRunSchema,
  syncTargetBody,
  syncTargetSchema,
} from '../pos/pos-rules.js';
import { successEnvelope } from './envelope.js';
import { backgroundJobSchema } from './jobs.js';
import { listAnswerSchema, listQuerySchema } from './list.js';

/**
 * /pos-vsd (page pos-vsd, India region; issue 20 points 6 and 7): PLU codes for the POS, the targets menus are
 * published to, the syncs and their log. Tax and subsidy on many items live with the bulk operations (/bulkops).
 *
 *   GET  /pos/plu?restaurant=&search=&missing=true&sort=&page=   items with their PLU
 *   PUT  /pos/plu/:foodid {plu, version}                          set ('' clears); duplicates refused (409)
 *   POST /pos/plu/assign {restaurant, start}                      next free numbers for items without one
 *   GET  /list_fooditems_plu?restaurant=                          the POS item list (session)
 *   GET  /pos/list_fooditems_plu?restaurant=                      the same for a POS with an API key
 *   GET|POST /pos/targets   PUT|DELETE /pos/targets/:id           sync targets (writes: administrators)
 *   POST /vendngo_sync {restaurant, targets?}                     POS item list to pos and vending targets (job)
 *   POST /third_party/menu/sync {restaurant, targets?}            the full menu to aggregator targets (job)
 *   GET  /pos/sync_runs?restaurant=&page=                         the sync log, newest first
 *   POST /update_fooditems_tax {restaurant, foodids | all, taxation}
 *   POST /item_subsidy {restaurant, foodids | all, subsidyamount}
 */

export const PLU_SORT = ['foodname', 'plu'] as const;
export const pluListQuery = listQuerySchema(PLU_SORT, {
  restaurant: z.string().trim().min(1).max(200),
  missing: z.enum(['true', 'false']).optional().meta({ description: 'true: only items without a PLU' }),
});
export const pluListAnswer = listAnswerSchema('items', pluItemSchema);
export const pluUpdateBody = z.object({
  plu: z.union([z.literal(''), pluSchema]).meta({ description: "The code; '' removes it" }),
  version: z.number().int().min(0).meta({ description: 'The version edited (0 for an item without a PLU)' }),
});
export const pluItemAnswer = successEnvelope({ message: z.string(), item: pluItemSchema });
export const pluAssignBody = z.object({
  restaurant: z.string().trim().min(1).max(200),
  start: z.number().int().min(1).max(PLU_NUMBER_MAX).meta({ description: 'The first number to try' }),
});
export const pluAssignAnswer = successEnvelope({
  message: z.string(),
  assigned: z.number().int(),
  items: z.array(z.object({ foodid: z.string(), plu: z.string() })),
});
export const posRestaurantQuery = z.object({ restaurant: z.string().trim().min(1).max(200) });

/** One item of the POS item list (controldesk.pos-items.v1, docs/menu-sync-format.md). */
export const posItemSchema = z.object({
  foodid: z.string(),
  plu: z.string().nullable(),
  name: z.string(),
  price: z.number(),
  vegflag: z.string(),
  taxation: z.string(),
  available: z.boolean().meta({ description: 'Not hidden, not sold out and not snoozed' }),
  sold_out: z.boolean(),
  snoozed: z.boolean(),
  snoozed_until: z.string().nullable(),
});
export type PosItem = z.infer<typeof posItemSchema>;
export const posItemsAnswer = successEnvelope({
  restaurant: z.object({ id: z.string(), name: z.string(), currency: z.string() }),
  items: z.array(posItemSchema),
});

export const syncTargetsAnswer = successEnvelope({ targets: z.array(syncTargetSchema) });
export const syncTargetAnswer = successEnvelope({ message: z.string(), target: syncTargetSchema });
export const syncTargetUpdate = syncTargetBody.extend({ version: z.number().int().min(1) });
export const targetIdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const syncStartBody = z.object({
  restaurant: z.string().trim().min(1).max(200),
  targets: z
    .array(z.number().int().min(1))
    .max(100)
    .optional()
    .meta({ description: 'Target ids (default: every enabled target of the kind that takes the restaurant)' }),
});
export const syncStartAnswer = successEnvelope({
  message: z.string(),
  job: backgroundJobSchema,
  runs: z.array(syncRunSchema),
});
export const syncRunsQuery = z.object({
  restaurant: z.string().trim().min(1).max(200),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(25),
});
export const syncRunsAnswer = listAnswerSchema('runs', syncRunSchema);

export const itemFieldsAnswer = successEnvelope({
  message: z.string(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
