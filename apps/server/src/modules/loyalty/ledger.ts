import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { earnedBy, programApplies, reversalDue, toMilli, type EngineProgram, type LedgerEntryType } from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  customerGroupMembers,
  loyaltyAccounts,
  loyaltyLedger,
  loyaltyPrograms,
  orderLines,
  orders,
  type LoyaltyProgramRow,
} from '../../db/schema/index.js';

type Account = typeof loyaltyAccounts.$inferSelect;

export const engineProgram = (p: LoyaltyProgramRow): EngineProgram => ({
  id: p.id,
  status: p.status,
  kind: p.kind as EngineProgram['kind'],
  foodcourts: p.foodcourts,
  restaurants: p.restaurants,
  channels: p.channels as EngineProgram['channels'],
  groups: p.groups,
  points: p.points,
  stamps: p.stamps,
});

/** The member's account in a program, made on first use. `lock` takes its row lock (a redemption's). */
export async function accountOf(tx: DbOrTx, programId: number, customerRef: string, lock = false): Promise<Account> {
  if (!lock) {
    // Usually the member has an account: one read; a new one is made and returned by the insert.
    const where = and(eq(loyaltyAccounts.program_id, programId), eq(loyaltyAccounts.customer_ref, customerRef));
    const [found] = await tx.select().from(loyaltyAccounts).where(where);
    if (found) return found;
    const [made] = await tx
      .insert(loyaltyAccounts)
      .values({ program_id: programId, customer_ref: customerRef })
      .onConflictDoNothing()
      .returning();
    if (made) return made;
    return (await tx.select().from(loyaltyAccounts).where(where))[0]!;
  }
  await tx.insert(loyaltyAccounts).values({ program_id: programId, customer_ref: customerRef }).onConflictDoNothing();
  const q = tx
    .select()
    .from(loyaltyAccounts)
    .where(and(eq(loyaltyAccounts.program_id, programId), eq(loyaltyAccounts.customer_ref, customerRef)));
  const [row] = lock ? await q.for('update') : await q;
  return row!;
}

/** Moves the account's kept balance with an entry (same transaction as the entry). */
async function move(tx: DbOrTx, accountId: number, points: number, earned = 0) {
  await tx
    .update(loyaltyAccounts)
    .set({
      balance: sql`${loyaltyAccounts.balance} + ${points}`,
      earned: sql`${loyaltyAccounts.earned} + ${earned}`,
      last_activity: new Date(),
    })
    .where(eq(loyaltyAccounts.id, accountId));
}

/** Takes `points` off what is left to expire of the account's earn entries, soonest to expire first. */
async function consume(tx: DbOrTx, accountId: number, points: number) {
  let left = points;
  const open = await tx
    .select({ id: loyaltyLedger.id, remaining: loyaltyLedger.remaining })
    .from(loyaltyLedger)
    .where(
      and(
        eq(loyaltyLedger.account_id, accountId),
        eq(loyaltyLedger.entry_type, 'earn'),
        sql`${loyaltyLedger.remaining} > 0`,
      ),
    )
    .orderBy(sql`${loyaltyLedger.expires_at} asc nulls last`, asc(loyaltyLedger.id))
    .for('update');
  for (const e of open) {
    if (left <= 0) break;
    const take = Math.min(left, e.remaining);
    await tx
      .update(loyaltyLedger)
      .set({ remaining: e.remaining - take })
      .where(eq(loyaltyLedger.id, e.id));
    left -= take;
  }
}

export type EntryInput = {
  entry_type: LedgerEntryType;
  points: number;
  order_id?: number | null;
  refund_id?: number | null;
  reward_id?: number | null;
  code?: string;
  idempotency_key?: string | null;
  reason?: string;
  actor?: string;
  expires_at?: Date | null;
};

/** Appends an entry (a spend comes off the oldest points first) and moves the balance. */
export async function appendEntry(tx: DbOrTx, account: Account, e: EntryInput) {
  const [row] = await tx
    .insert(loyaltyLedger)
    .values({
      account_id: account.id,
      program_id: account.program_id,
      entry_type: e.entry_type,
      points: e.points,
      remaining: e.entry_type === 'earn' || (e.entry_type === 'adjust' && e.points > 0) ? e.points : 0,
      expires_at: e.expires_at ?? null,
      order_id: e.order_id ?? null,
      refund_id: e.refund_id ?? null,
      reward_id: e.reward_id ?? null,
      code: e.code ?? '',
      idempotency_key: e.idempotency_key ?? null,
      reason: e.reason ?? '',
      actor: e.actor ?? '',
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  if (e.points < 0 && e.entry_type !== 'expire') await consume(tx, account.id, -e.points);
  await move(tx, account.id, e.points, e.entry_type === 'earn' ? e.points : 0);
  return row;
}

// Active programs, read at most every 2 s per process (an order's ingest should not pay a read of them each time;
// a program changed in this process is seen at once).
let programCache: { at: number; rows: LoyaltyProgramRow[] } | null = null;
export const forgetPrograms = () => {
  programCache = null;
};
async function activePrograms(tx: DbOrTx) {
  if (programCache && Date.now() - programCache.at < 2000) return programCache.rows;
  const rows = await tx.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.status, 'active'));
  programCache = { at: Date.now(), rows };
  return rows;
}

/**
 * What an order earns in one program; `rank` is the program's place among the active programs, the order in which
 * earnForOrder takes a customer's accounts.
 */
export type Earning = { program: LoyaltyProgramRow; rank: number; points: number; expires_at: Date | null };

type EarningOrder = Pick<
  typeof orders.$inferSelect,
  'restaurant' | 'foodcourt' | 'channel' | 'business_date' | 'total' | 'charges' | 'placed_at'
>;

/** What an order of a member earns in each of the active programs that take it (earnForOrder, earningsFor). */
function orderEarnings(
  programs: LoyaltyProgramRow[],
  o: EarningOrder,
  lines: { foodid: string; quantity: number }[],
  groupIds: number[],
): Earning[] {
  const earning = {
    restaurant: o.restaurant,
    foodcourt: o.foodcourt,
    channel: o.channel,
    business_date: o.business_date,
    spend: (toMilli(o.total) - toMilli(o.charges)) / 1000,
    lines,
  };
  const earned: Earning[] = [];
  for (const [rank, p] of programs.entries()) {
    const program = engineProgram(p);
    if (!programApplies(program, earning, groupIds)) continue;
    const points = earnedBy(program, earning);
    if (points <= 0) continue;
    earned.push({
      program: p,
      rank,
      points,
      expires_at:
        p.kind === 'points' && p.expiry_days ? new Date(o.placed_at.getTime() + p.expiry_days * 86_400_000) : null,
    });
  }
  return earned;
}

/**
 * What an order earns in every active program that takes it: one earn entry per program, made at most once —
 * a retried ingest or a replayed earn call finds the entry there and adds nothing. Answers the order's earnings.
 */
export async function earnForOrder(
  tx: DbOrTx,
  orderId: number,
  known?: { order: typeof orders.$inferSelect; lines: { foodid: string; quantity: number }[] },
) {
  const programs = await activePrograms(tx);
  if (programs.length === 0) return [];
  // The ingest passes the order it has just written and its lines; the earn call reads them.
  const o = known?.order ?? (await tx.select().from(orders).where(eq(orders.id, orderId)))[0];
  if (!o || !o.customer_ref || o.status === 'cancelled') return [];
  // One after the other: inside a transaction both share one connection (pg deprecates a second query while one runs).
  const lines =
    known?.lines ??
    (await tx
      .select({ foodid: orderLines.foodid, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.order_id, orderId)));
  // A customer's groups only matter to programs limited to groups.
  const groups = programs.some((p) => p.groups.length > 0)
    ? await tx
        .select({ id: customerGroupMembers.group_id })
        .from(customerGroupMembers)
        .where(eq(customerGroupMembers.customer_ref, o.customer_ref))
    : [];
  const groupIds = groups.map((g) => g.id);
  for (const e of orderEarnings(programs, o, lines, groupIds)) {
    const account = await accountOf(tx, e.program.id, o.customer_ref);
    await appendEntry(tx, account, {
      entry_type: 'earn',
      points: e.points,
      order_id: o.id,
      expires_at: e.expires_at,
      actor: 'order',
    });
  }
  if (known) return [];
  const earned = await tx
    .select({ program_id: loyaltyLedger.program_id, points: loyaltyLedger.points })
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.order_id, orderId), eq(loyaltyLedger.entry_type, 'earn')))
    .orderBy(asc(loyaltyLedger.program_id));
  return earned;
}

/**
 * What each of many orders earns, by earnForOrder's rules (every active program that takes it; nothing for an order
 * without a customer or cancelled), without writing it: the ingest's batches write the entries and balances of a
 * whole batch in their own statement (modules/orders/ingest.batch.ts). Reads only the customers' groups, and only
 * when a program is limited to groups. Answers one list per order, in the programs' order.
 */
export async function earningsFor(
  tx: DbOrTx,
  list: {
    order: EarningOrder & Pick<typeof orders.$inferSelect, 'customer_ref' | 'status'>;
    lines: { foodid: string; quantity: number }[];
  }[],
): Promise<Earning[][]> {
  const members = list.filter((x) => x.order.customer_ref && x.order.status !== 'cancelled');
  const programs = members.length > 0 ? await activePrograms(tx) : [];
  if (programs.length === 0) return list.map(() => []);
  const groupsOf = new Map<string, number[]>();
  if (programs.some((p) => p.groups.length > 0)) {
    const rows = await tx
      .select({ customer_ref: customerGroupMembers.customer_ref, id: customerGroupMembers.group_id })
      .from(customerGroupMembers)
      .where(inArray(customerGroupMembers.customer_ref, [...new Set(members.map((m) => m.order.customer_ref))]));
    for (const r of rows) groupsOf.set(r.customer_ref, [...(groupsOf.get(r.customer_ref) ?? []), r.id]);
  }
  return list.map(({ order: o, lines }) =>
    o.customer_ref && o.status !== 'cancelled'
      ? orderEarnings(programs, o, lines, groupsOf.get(o.customer_ref) ?? [])
      : [],
  );
}

/**
 * A refund takes back its share of what the order earned (issue 18 point 1), once per refund and program, in the
 * refund's transaction: the order's earned points × refunded / paid, less what earlier refunds took; a full refund
 * takes back all. The balance may go below zero when the points were already spent (they cannot be farmed).
 */
export async function reverseForRefund(tx: DbOrTx, orderId: number, refundId: number) {
  const [o] = await tx
    .select({ paid: orders.paid, refunded: orders.refunded, total: orders.total })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!o) return;
  const earnRows = await tx
    .select()
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.order_id, orderId), eq(loyaltyLedger.entry_type, 'earn')));
  for (const earn of earnRows) {
    const [{ taken } = { taken: 0 }] = await tx
      .select({ taken: sql<number>`coalesce(-sum(${loyaltyLedger.points}), 0)::int` })
      .from(loyaltyLedger)
      .where(
        and(
          eq(loyaltyLedger.order_id, orderId),
          eq(loyaltyLedger.program_id, earn.program_id),
          eq(loyaltyLedger.entry_type, 'reverse'),
        ),
      );
    // Paid: what was paid, or the total of an order not paid through us.
    const paid = toMilli(o.paid) > 0 ? toMilli(o.paid) : toMilli(o.total);
    const due = reversalDue(earn.points, Number(taken), toMilli(o.refunded), paid);
    if (due <= 0) continue;
    const [account] = await tx.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.id, earn.account_id));
    // Off the order's own points first (they will not expire later as well), then the oldest others.
    const own = Math.min(due, earn.remaining);
    if (own > 0)
      await tx
        .update(loyaltyLedger)
        .set({ remaining: earn.remaining - own })
        .where(eq(loyaltyLedger.id, earn.id));
    const [row] = await tx
      .insert(loyaltyLedger)
      .values({
        account_id: earn.account_id,
        program_id: earn.program_id,
        entry_type: 'reverse',
        points: -due,
        order_id: orderId,
        refund_id: refundId,
        actor: 'refund',
      })
      .onConflictDoNothing()
      .returning();
    if (!row) continue;
    if (due > own) await consume(tx, earn.account_id, due - own);
    await move(tx, account!.id, -due);
  }
}

/** Takes out the points whose time has come (the nightly job): each earn entry expires once. */
export async function expirePoints(db: Db, now = new Date(), batch = 2000) {
  let expired = 0;
  for (let round = 0; round < 1000; round++) {
    const due = await db
      .select({ id: loyaltyLedger.id })
      .from(loyaltyLedger)
      .where(
        and(
          eq(loyaltyLedger.entry_type, 'earn'),
          sql`${loyaltyLedger.remaining} > 0`,
          lte(loyaltyLedger.expires_at, now),
        ),
      )
      .orderBy(asc(loyaltyLedger.id))
      .limit(batch);
    if (due.length === 0) break;
    await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(loyaltyLedger)
        .where(
          and(
            inArray(
              loyaltyLedger.id,
              due.map((d) => d.id),
            ),
            sql`${loyaltyLedger.remaining} > 0`,
          ),
        )
        .for('update');
      for (const e of rows) {
        const [row] = await tx
          .insert(loyaltyLedger)
          .values({
            account_id: e.account_id,
            program_id: e.program_id,
            entry_type: 'expire',
            points: -e.remaining,
            expires_entry_id: e.id,
            actor: 'expiry',
          })
          .onConflictDoNothing()
          .returning();
        if (!row) continue;
        await tx.update(loyaltyLedger).set({ remaining: 0 }).where(eq(loyaltyLedger.id, e.id));
        await move(tx, e.account_id, -e.remaining);
        expired += 1;
      }
    });
  }
  return expired;
}
