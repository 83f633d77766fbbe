import { z } from 'zod';

/**
 * Stock as a ledger (issue 20 point 3; peers §6: Square's InventoryAdjustment). Every movement of a tracked item's
 * stock is one append-only entry with the balance after it; the current level is kept beside it in the same
 * transaction. An item is tracked while it has a stock level; it is sold out while its level is at or below zero.
 */
export const STOCK_ENTRY_TYPES = [
  'receipt',
  'sale',
  'refund',
  'wastage',
  'count',
  'adjust',
  'carry_forward',
  'nullify',
] as const;
export type StockEntryType = (typeof STOCK_ENTRY_TYPES)[number];

/** What a user records by hand on /inventoryManagement (sales, refunds and day starts come from the system). */
export const MANUAL_STOCK_ENTRY_TYPES = ['receipt', 'wastage', 'count', 'adjust'] as const;
export type ManualStockEntryType = (typeof MANUAL_STOCK_ENTRY_TYPES)[number];

export const STOCK_STATES = ['ok', 'low', 'sold_out'] as const;
export type StockState = (typeof STOCK_STATES)[number];

/** Stock quantities are kept to 3 decimals (kg, litres), up to 999,999,999.999. */
export const STOCK_MAX = 999_999_999;
const decimals3 = (n: number) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6;
export const stockQuantity = z
  .number()
  .min(-STOCK_MAX)
  .max(STOCK_MAX)
  .refine(decimals3, { message: 'At most 3 decimals' });

/** Thousandths, so sums of quantities are exact. */
export const toThousandths = (n: number) => Math.round(n * 1000);
export const fromThousandths = (n: number) => n / 1000;

/**
 * The change an entry makes to the level: receipts add, wastage takes away, an adjustment is signed, a count sets
 * the level (its change is the difference).
 */
export function stockChange(type: ManualStockEntryType, quantity: number, onHand: number): number {
  const q = toThousandths(quantity);
  const now = toThousandths(onHand);
  if (type === 'receipt') return fromThousandths(Math.abs(q));
  if (type === 'wastage') return fromThousandths(-Math.abs(q));
  if (type === 'count') return fromThousandths(q - now);
  return fromThousandths(q);
}

/** The state of a level: sold out at or below zero, low at or below the threshold. */
export function stockState(onHand: number, lowThreshold: number | null): StockState {
  if (onHand <= 0) return 'sold_out';
  if (lowThreshold !== null && onHand <= lowThreshold) return 'low';
  return 'ok';
}

export const stockEntryBody = z
  .object({
    entry_type: z.enum(MANUAL_STOCK_ENTRY_TYPES),
    quantity: stockQuantity,
    reason: z.string().trim().max(200).default(''),
    ref: z.string().trim().min(1).max(100).optional().meta({ description: 'Makes a retry a no-op' }),
  })
  .superRefine((b, ctx) => {
    if (b.entry_type === 'count' && b.quantity < 0)
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'A count is 0 or more' });
    if ((b.entry_type === 'receipt' || b.entry_type === 'wastage') && b.quantity <= 0)
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Enter a quantity above 0' });
    if (b.entry_type === 'adjust' && b.quantity === 0)
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'An adjustment is not 0' });
  });
export type StockEntryBody = z.output<typeof stockEntryBody>;

export const stockSettingsBody = z.object({
  tracked: z.boolean(),
  low_threshold: stockQuantity.min(0).nullable().default(null),
});
export type StockSettingsBody = z.output<typeof stockSettingsBody>;

export const STOCK_UPDATE_MODES = ['set', 'add'] as const;
export const stockUpdateBody = z.object({
  restaurant: z.string().trim().min(1).max(200),
  request_id: z.string().trim().min(1).max(100).meta({ description: 'A retry with the same id changes nothing' }),
  items: z
    .array(
      z.object({
        foodid: z.string().trim().min(1).max(200),
        quantity: stockQuantity,
        mode: z.enum(STOCK_UPDATE_MODES).default('set'),
      }),
    )
    .min(1)
    .max(1000)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((it, i) => {
        if (seen.has(it.foodid)) ctx.addIssue({ code: 'custom', path: [i, 'foodid'], message: 'Listed twice' });
        seen.add(it.foodid);
        if (it.mode === 'set' && it.quantity < 0)
          ctx.addIssue({ code: 'custom', path: [i, 'quantity'], message: 'A level is 0 or more' });
      });
    }),
});
export type StockUpdateBody = z.output<typeof stockUpdateBody>;

export const stockLevelSchema = z.object({
  foodid: z.string(),
  foodname: z.string(),
  restaurant: z.string(),
  listofcategories: z.array(z.string()),
  tracked: z.boolean(),
  on_hand: z.number(),
  low_threshold: z.number().nullable(),
  sold_out: z.boolean(),
  state: z.enum(STOCK_STATES),
  version: z.number().int().meta({ description: '0 while the item is not tracked' }),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type StockLevel = z.infer<typeof stockLevelSchema>;

export const stockLedgerEntrySchema = z.object({
  id: z.number().int(),
  foodid: z.string(),
  entry_type: z.enum(STOCK_ENTRY_TYPES),
  quantity: z.number(),
  balance_after: z.number(),
  reason: z.string(),
  ref: z.string().nullable(),
  occurred_at: z.string(),
  created_by: z.string().nullable(),
});
export type StockLedgerEntry = z.infer<typeof stockLedgerEntrySchema>;
