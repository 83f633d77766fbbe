import { z } from 'zod';
import {
  STOCK_STATES,
  stockLedgerEntrySchema,
  stockLevelSchema,
  stockSettingsBody,
} from '../inventory/inventory-rules.js';
import { snoozeSchema } from '../inventory/snooze-rules.js';
import { successEnvelope } from './envelope.js';
import { exportQuerySchema, listAnswerSchema, listQuerySchema } from './list.js';

/**
 * Inventory (issue 20 point 3, page inventoryManagement) and snooze (point 4, pages editMenu or
 * inventoryManagement).
 *
 *   GET  /inventory?restaurant=&search=&state=ok|low|sold_out&tracked=&sort=&page=   items with their stock
 *   GET  /inventory/export?…                                   the same as .xlsx
 *   PUT  /inventory/:foodid {tracked, low_threshold, version}  track or stop, low threshold (version-checked)
 *   POST /inventory/:foodid/entries {entry_type, quantity, reason, ref?}   receipt | wastage | count | adjust
 *   GET  /inventory/:foodid/ledger?page=                       the item's ledger, newest first
 *   POST /stock_update {restaurant, request_id, items: [{foodid, quantity, mode: set|add}]}   all or nothing
 *   POST /ingest/stock_update                                  the same for a POS with an API key
 *   GET  /menu/snoozes?restaurant=   POST /menu/snoozes   DELETE /menu/snoozes?restaurant=&target_type=&target_id=
 */

export const INVENTORY_SORT = ['foodname', 'on_hand', 'state', 'updated_at'] as const;
const inventoryFilters = {
  restaurant: z.string().trim().min(1).max(200),
  state: z.enum(STOCK_STATES).optional(),
  tracked: z.enum(['true', 'false']).optional(),
};
export const inventoryListQuery = listQuerySchema(INVENTORY_SORT, inventoryFilters);
export const inventoryExportQuery = exportQuerySchema(INVENTORY_SORT, inventoryFilters);
export const inventoryListAnswer = listAnswerSchema('items', stockLevelSchema);
export const stockLevelAnswer = successEnvelope({ message: z.string(), item: stockLevelSchema });
export const stockSettingsRequest = stockSettingsBody.extend({
  version: z.number().int().min(0).meta({ description: 'The version edited (0 for an item not tracked yet)' }),
});
export const stockEntryAnswer = successEnvelope({
  message: z.string(),
  item: stockLevelSchema,
  entry: stockLedgerEntrySchema.nullable().meta({ description: 'null when the ref was recorded already' }),
});
export const ledgerQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});
export const ledgerAnswer = listAnswerSchema('entries', stockLedgerEntrySchema);
export const stockUpdateAnswer = successEnvelope({
  message: z.string(),
  replayed: z.boolean(),
  items: z.array(z.object({ foodid: z.string(), on_hand: z.number(), sold_out: z.boolean() })),
});
export const foodidParam = z.object({ foodid: z.string().min(1).max(200) });

export const snoozeListQuery = z.object({ restaurant: z.string().trim().min(1).max(200) });
export const snoozeListAnswer = successEnvelope({ snoozes: z.array(snoozeSchema) });
export const snoozeAnswer = successEnvelope({ message: z.string(), snooze: snoozeSchema });
