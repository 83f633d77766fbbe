import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { fromThousandths, STOCK_MAX, toThousandths, type StockEntryType } from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { stockLedger, stockLevels, type StockLevelRow } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { touchMenu } from '../menu/menu-cache.js';
import { outer } from '../../lib/outer-column.js';

/**
 * The stock ledger (issue 20 point 3): every movement appends one entry with the balance after it and moves the
 * item's level in the same transaction, under the level's row lock, so parallel movements never lose one. The
 * level is sold out at or below zero; when that flips, the restaurant's menu stamp moves (touchMenu), so the
 * ordering apps' menu read shows it at once.
 */

const thousandths = (numeric: string) => toThousandths(Number(numeric));
const numericText = (t: number) => fromThousandths(t).toFixed(3);

export type StockMovement = {
  restaurant: string;
  entry_type: StockEntryType;
  /** What caused it: a retry with the same (item, type, ref) changes nothing. */
  ref: string | null;
  reason?: string;
  by: string | null;
};

/**
 * Moves the levels of already-tracked items by the given changes (thousandths per foodid): one locking read in
 * foodid order (no deadlock between two orders naming the same items) and one statement that moves the levels
 * and appends the entries. Items not tracked are left alone. Returns the changed levels.
 */
export async function moveTracked(
  tx: DbOrTx,
  move: StockMovement,
  changes: Map<string, number>,
): Promise<{ foodid: string; on_hand: number; sold_out: boolean }[]> {
  if (changes.size === 0) return [];
  const locked = await tx
    .select({ foodid: stockLevels.foodid })
    .from(stockLevels)
    .where(and(eq(stockLevels.restaurant, move.restaurant), inArray(stockLevels.foodid, [...changes.keys()])))
    .orderBy(asc(stockLevels.foodid))
    .for('update');
  const moves = locked.map((l) => ({ foodid: l.foodid, delta: changes.get(l.foodid) ?? 0 })).filter((m) => m.delta);
  if (moves.length === 0) return [];
  const values = sql.join(
    moves.map((m) => sql`(${m.foodid}::text, ${numericText(m.delta)}::numeric)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    with q(foodid, delta) as (values ${values}),
    upd as (
      update stock_levels s
      set on_hand = s.on_hand + q.delta, sold_out = s.on_hand + q.delta <= 0, updated_at = now()
      from q where s.foodid = q.foodid
      returning s.foodid, s.restaurant, s.on_hand, s.sold_out, q.delta, (s.on_hand - q.delta <= 0) as was_sold_out
    ),
    led as (
      insert into stock_ledger (foodid, restaurant, entry_type, quantity, balance_after, reason, ref, created_by)
      select foodid, restaurant, ${move.entry_type}, delta, on_hand, ${move.reason ?? ''}, ${move.ref}, ${move.by}
      from upd
      returning id
    )
    select foodid, on_hand::text as on_hand, sold_out, was_sold_out, (select count(*) from led)::int as entries
    from upd`)) as unknown as {
    rows: { foodid: string; on_hand: string; sold_out: boolean; was_sold_out: boolean }[];
  };
  if (result.rows.some((r) => r.sold_out !== r.was_sold_out)) await touchMenu(tx, move.restaurant);
  return result.rows.map((r) => ({ foodid: r.foodid, on_hand: Number(r.on_hand), sold_out: r.sold_out }));
}

/** Sums order lines by item, in thousandths (sign -1 for a sale, +1 for a refund). */
export function changesOf(lines: { foodid: string; quantity: number }[], sign: 1 | -1): Map<string, number> {
  const changes = new Map<string, number>();
  for (const l of lines) {
    if (!l.foodid) continue;
    changes.set(l.foodid, (changes.get(l.foodid) ?? 0) + sign * toThousandths(l.quantity));
  }
  return changes;
}

/**
 * One entry on one item, by hand or by stock_update: starts tracking the item if it was not, locks its level,
 * computes the change from the current level (a count sets it), appends the entry and moves the level. With a ref
 * recorded already for (item, type) it changes nothing and answers null.
 */
export async function applyEntry(
  tx: DbOrTx,
  foodid: string,
  move: StockMovement,
  changeOf: (onHand: number) => number,
): Promise<{ level: StockLevelRow; entry: typeof stockLedger.$inferSelect | null }> {
  await tx
    .insert(stockLevels)
    .values({ foodid, restaurant: move.restaurant, updated_by: move.by })
    .onConflictDoNothing();
  const [level] = await tx.select().from(stockLevels).where(eq(stockLevels.foodid, foodid)).for('update');
  if (move.ref !== null) {
    const [done] = await tx
      .select({ id: stockLedger.id })
      .from(stockLedger)
      .where(
        and(eq(stockLedger.foodid, foodid), eq(stockLedger.entry_type, move.entry_type), eq(stockLedger.ref, move.ref)),
      );
    if (done) return { level: level!, entry: null };
  }
  const before = thousandths(level!.on_hand);
  const delta = toThousandths(changeOf(fromThousandths(before)));
  const after = before + delta;
  if (Math.abs(after) > STOCK_MAX * 1000)
    throw badRequest('stockTooLarge', `quantity: the stock would be beyond ${STOCK_MAX}`, { field: 'quantity' });
  const [entry] = await tx
    .insert(stockLedger)
    .values({
      foodid,
      restaurant: move.restaurant,
      entry_type: move.entry_type,
      quantity: numericText(delta),
      balance_after: numericText(after),
      reason: move.reason ?? '',
      ref: move.ref,
      created_by: move.by,
    })
    .returning();
  const soldOut = after <= 0;
  const [updated] = await tx
    .update(stockLevels)
    .set({
      on_hand: numericText(after),
      sold_out: soldOut,
      last_entry_id: entry!.id,
      updated_at: new Date(),
    })
    .where(eq(stockLevels.foodid, foodid))
    .returning();
  if (soldOut !== level!.sold_out) await touchMenu(tx, move.restaurant);
  return { level: updated!, entry: entry! };
}

/**
 * Day start for a restaurant with nullify_stock: every tracked item with stock goes to 0 with a 'nullify' entry
 * whose ref is the business date closed (a day closed again after a reopen nullifies nothing twice).
 */
export async function nullifyStock(tx: DbOrTx, restaurant: string, businessDate: string, by: string) {
  const rows = await tx
    .select({ foodid: stockLevels.foodid, on_hand: stockLevels.on_hand })
    .from(stockLevels)
    .where(
      and(
        eq(stockLevels.restaurant, restaurant),
        sql`${stockLevels.on_hand} <> 0`,
        sql`not exists (select 1 from stock_ledger l where l.foodid = ${outer(stockLevels.foodid)}
          and l.entry_type = 'nullify' and l.ref = ${businessDate})`,
      ),
    );
  // The change is read again under the lock: -(level) as it is then.
  const changes = new Map(rows.map((r) => [r.foodid, -thousandths(r.on_hand)]));
  if (changes.size === 0) return 0;
  const locked = await tx
    .select({ foodid: stockLevels.foodid, on_hand: stockLevels.on_hand })
    .from(stockLevels)
    .where(inArray(stockLevels.foodid, [...changes.keys()]))
    .orderBy(asc(stockLevels.foodid))
    .for('update');
  const exact = new Map(locked.map((l) => [l.foodid, -thousandths(l.on_hand)]));
  const moved = await moveTracked(
    tx,
    { restaurant, entry_type: 'nullify', ref: businessDate, reason: 'Day start: stock nullified', by },
    exact,
  );
  return moved.length;
}
