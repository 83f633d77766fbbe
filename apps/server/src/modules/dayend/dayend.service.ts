import { nullifyStock } from '../inventory/index.js';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  addDays,
  canChangeOrderStatus,
  countingDate,
  countDifferences,
  fromSettingsKeys,
  restaurantOptionsSchema,
  toMilli,
  type DayEnd,
  type DayState,
  type DayTotals,
  type OrderStatus,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  dayEndLogs,
  dayEnds,
  orderPayments,
  orders,
  orderStatusHistory,
  refunds,
  restaurants,
  type DayEndRow,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { loadSiteScope } from '../../lib/site-scope.js';
import { dayTotals } from '../reports/report-queries.js';
import { orderContribution, refundContribution } from '../reports/rollups.js';
import { salesChanged } from '../reports/sales-notify.js';

type User = Actor['user'];
/** The automatic day end acts as `system`. */
export type SystemActor = { user: { userid: string }; ip: null };
export const SYSTEM: SystemActor = { user: { userid: 'system' }, ip: null };
const OPEN_STATUSES = ['placed', 'accepted', 'preparing', 'ready'];

export const dayClosed = (date: string) =>
  new AppError(409, 'dayClosed', `The business day ${date} is already closed`, { field: 'business_date' });

/** Who may reopen a closed day: administrators and holders of the dayend_reopen permission. */
export const mayReopen = (user: Pick<User, 'admin' | 'permissions'>) =>
  user.admin || user.permissions.includes('dayend_reopen');

/** Closing, reopening and the checks before closing a restaurant's business day (issue 15 point 1). */
export class DayEndService {
  constructor(private readonly db: Db) {}

  /** The restaurant, if the user has it (404 otherwise, as for any site outside the user's). */
  async restaurantOf(user: User, restaurant: string) {
    const scope = await loadSiteScope(this.db, user);
    const [row] = scope.restaurants.has(restaurant)
      ? await this.db.select().from(restaurants).where(eq(restaurants.restaurant, restaurant))
      : [];
    if (!row) throw notFound('restaurantNotFound', `Restaurant ${restaurant} does not exist`);
    return row;
  }

  /** Orders that keep a day from closing: still open, or completed with less paid than their total. */
  async blockers(db: DbOrTx, restaurant: string, date: string) {
    const rows = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.restaurant, restaurant),
          eq(orders.business_date, date),
          sql`(${inArray(orders.status, OPEN_STATUSES)} or (${orders.status} = 'completed' and ${orders.paid} < ${orders.total}))`,
        ),
      )
      .orderBy(asc(orders.placed_at), asc(orders.id))
      .limit(1000);
    return rows.map((o) => ({
      order_id: o.id,
      order_number: o.order_number,
      status: o.status,
      total: Number(o.total),
      paid: Number(o.paid),
      placed_at: o.placed_at.toISOString(),
      problem: (OPEN_STATUSES.includes(o.status) ? 'open' : 'unpaid') as 'open' | 'unpaid',
    }));
  }

  async view(user: User, restaurant: string, date: string): Promise<DayEnd> {
    const rest = await this.restaurantOf(user, restaurant);
    const [row] = await this.db
      .select()
      .from(dayEnds)
      .where(and(eq(dayEnds.restaurant, restaurant), eq(dayEnds.business_date, date)));
    const o = optionsOf(rest.settings);
    return {
      restaurant,
      restaurant_name: rest.name,
      business_date: date,
      state: (row?.state ?? 'open') as DayState,
      version: row?.version ?? 0,
      blockers: row?.state === 'closed' ? [] : await this.blockers(this.db, restaurant, date),
      totals: row?.state === 'closed' ? (row.totals as DayTotals) : await dayTotals(this.db, restaurant, date),
      count: row?.state === 'closed' ? (row.count ?? []) : null,
      note: row?.note ?? '',
      closed_at: row?.closed_at?.toISOString() ?? null,
      closed_by: row?.closed_by ?? null,
      reopened_at: row?.reopened_at?.toISOString() ?? null,
      reopened_by: row?.reopened_by ?? null,
      options: {
        autodayend: o.autodayend,
        auto_status: o.auto_status,
        auto_cutoff_time: o.auto_cutoff_time,
        carryforward_stock: o.carryforward_stock,
        nullify_stock: o.nullify_stock,
      },
      can_reopen: row?.state === 'closed' && mayReopen(user),
    };
  }

  async days(user: User, restaurant: string, from: string, to: string) {
    await this.restaurantOf(user, restaurant);
    const sums = (await this.db.execute(sql`
      select business_date::text as day, currency, sum(orders)::int as orders,
        sum(gross) - sum(discount) - sum(refunds) as net
      from sales_daily where restaurant = ${restaurant} and business_date between ${from} and ${to}
      group by 1, 2 order by 1 desc`)) as unknown as {
      rows: { day: string; currency: string; orders: number; net: string }[];
    };
    const closed = await this.db
      .select()
      .from(dayEnds)
      .where(and(eq(dayEnds.restaurant, restaurant), gte(dayEnds.business_date, from), lte(dayEnds.business_date, to)));
    const byDay = new Map(closed.map((d) => [d.business_date, d]));
    const dates = [...new Set([...sums.rows.map((r) => r.day), ...closed.map((d) => d.business_date)])]
      .sort()
      .reverse();
    return dates.map((day) => {
      const s = sums.rows.find((r) => r.day === day);
      const d = byDay.get(day);
      return {
        business_date: day,
        state: (d?.state ?? 'open') as DayState,
        orders: s?.orders ?? 0,
        net: s ? Number(s.net) : 0,
        currency: s?.currency ?? '',
        closed_at: d?.closed_at?.toISOString() ?? null,
        closed_by: d?.closed_by ?? null,
      };
    });
  }

  private async assertOpen(tx: DbOrTx, restaurant: string, date: string) {
    const [row] = await tx
      .select({ state: dayEnds.state })
      .from(dayEnds)
      .where(and(eq(dayEnds.restaurant, restaurant), eq(dayEnds.business_date, date)));
    if (row?.state === 'closed') throw dayClosed(date);
  }

  /** Completes, cancels or carries to the next business day the open orders of a day that is not closed. */
  async resolve(
    actor: Actor | SystemActor,
    body: { restaurant: string; business_date: string; order_ids: number[]; action: 'complete' | 'cancel' | 'carry' },
  ): Promise<number> {
    if ('admin' in actor.user) await this.restaurantOf(actor.user, body.restaurant);
    const resolved = await this.db.transaction(async (tx) => {
      await this.assertOpen(tx, body.restaurant, body.business_date);
      const found = await tx
        .select()
        .from(orders)
        .where(
          and(
            inArray(orders.id, body.order_ids),
            eq(orders.restaurant, body.restaurant),
            eq(orders.business_date, body.business_date),
          ),
        )
        .for('update');
      const missing = body.order_ids.filter((id) => !found.some((o) => o.id === id));
      if (missing.length) throw notFound('orderNotFound', `Orders ${missing.join(', ')} are not orders of this day`);
      // Carried orders count on the next day (or, should that be closed, the first open one after it).
      const next =
        body.action === 'carry'
          ? await DayEndService.countingDate(tx, body.restaurant, addDays(body.business_date, 1))
          : addDays(body.business_date, 1);
      for (const o of found) {
        const to: OrderStatus | null =
          body.action === 'complete' ? 'completed' : body.action === 'cancel' ? 'cancelled' : null;
        if (to && !canChangeOrderStatus(o.status as OrderStatus, to)) {
          throw new AppError(
            409,
            'statusTransition',
            `Order ${o.order_number} is ${o.status} and cannot become ${to}`,
            {
              field: 'order_ids',
            },
          );
        }
        await orderContribution(tx, o.id, -1);
        // Its payments and refunds that counted on the day it leaves go with it (core's orders/figures.ts).
        const moved =
          to === null
            ? await tx
                .select({ id: refunds.id })
                .from(refunds)
                .where(and(eq(refunds.order_id, o.id), eq(refunds.business_date, body.business_date)))
            : [];
        for (const r of moved) await refundContribution(tx, r.id, -1);
        if (to === null) {
          await tx
            .update(orderPayments)
            .set({ business_date: next })
            .where(and(eq(orderPayments.order_id, o.id), eq(orderPayments.business_date, body.business_date)));
          await tx
            .update(refunds)
            .set({ business_date: next })
            .where(and(eq(refunds.order_id, o.id), eq(refunds.business_date, body.business_date)));
        }
        for (const r of moved) await refundContribution(tx, r.id, 1);
        await tx
          .update(orders)
          .set({
            ...(to ? { status: to } : { business_date: next }),
            version: sql`${orders.version} + 1`,
            updated_at: new Date(),
          })
          .where(eq(orders.id, o.id));
        await orderContribution(tx, o.id, 1);
        if (to && to !== o.status) {
          await tx.insert(orderStatusHistory).values({
            order_id: o.id,
            status: to,
            source: actor.user.userid,
            note: `Day end ${body.business_date}`,
          });
        }
      }
      const words = { complete: 'completed', cancel: 'cancelled', carry: `carried to ${next}` }[body.action];
      await this.log(tx, body.restaurant, body.business_date, 'resolve', actor.user.userid, {
        detail: `${found.length} order(s) ${words}: ${found.map((o) => o.order_number).join(', ')}`,
      });
      await audit(tx, {
        actor: actor.user.userid,
        action: `dayend_${body.action}`,
        entity: 'order',
        entityId: found.map((o) => o.id).join(','),
        before: found.map((o) => ({ id: o.id, status: o.status, business_date: o.business_date })),
        ip: actor.ip,
      });
      return found.length;
    });
    salesChanged(this.db, body.restaurant);
    return resolved;
  }

  /**
   * Closes a day in one transaction: the day's row is written first (so a second close waits for this one and
   * then finds it), then the blockers and the count are checked — any refusal rolls the whole close back.
   */
  async close(
    actor: Actor | SystemActor,
    body: {
      restaurant: string;
      business_date: string;
      version: number;
      counted: { tender: string; amount: number }[];
      note: string;
    },
    how: 'close' | 'auto_close' = 'close',
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { restaurant, business_date: date } = body;
      // Changes of the restaurant's orders hold the shared lock while they choose their day (countingDate): the
      // Z is summed once they committed, and those after it see the day closed.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cd_day:${restaurant}`}))`);
      const [existing] = await tx
        .select()
        .from(dayEnds)
        .where(and(eq(dayEnds.restaurant, restaurant), eq(dayEnds.business_date, date)))
        .for('update');
      let row: DayEndRow | undefined;
      const now = new Date();
      const base = {
        state: 'closed',
        totals: {},
        closed_at: now,
        closed_by: actor.user.userid,
        updated_by: actor.user.userid,
      };
      if (!existing) {
        [row] = await tx
          .insert(dayEnds)
          .values({ restaurant, business_date: date, ...base })
          .onConflictDoNothing()
          .returning();
        if (!row) throw dayClosed(date);
      } else {
        if (existing.state === 'closed') throw dayClosed(date);
        if (existing.version !== body.version) {
          throw new AppError(
            409,
            'versionConflict',
            `The day ${date} was changed since you opened it. Reload to see it.`,
            {
              current_version: existing.version,
            },
          );
        }
        row = existing;
      }
      const blockers = await this.blockers(tx, restaurant, date);
      if (blockers.length > 0) {
        throw new AppError(
          409,
          'dayHasBlockers',
          `${blockers.length} order(s) keep the day from closing: ${blockers
            .slice(0, 5)
            .map((b) => b.order_number)
            .join(', ')}${blockers.length > 5 ? ', …' : ''}`,
          { blockers },
        );
      }
      const totals = await dayTotals(tx, restaurant, date);
      const count = countDifferences(totals.tenders, body.counted);
      const differs = count.some((c) => toMilli(c.difference) !== 0);
      if (differs && !body.note) {
        throw badRequest('countNote', 'note: the count differs from the payments; say why before closing', {
          field: 'note',
        });
      }
      await tx
        .update(dayEnds)
        .set({ ...base, totals, count, note: body.note, version: row.version + (existing ? 1 : 0), updated_at: now })
        .where(eq(dayEnds.id, row.id));
      const [rest] = await tx
        .select({ settings: restaurants.settings })
        .from(restaurants)
        .where(eq(restaurants.restaurant, restaurant));
      // Stock itself is kept by inventory (issue 20); the close records what the restaurant's options ask of it.
      const opts = optionsOf(rest?.settings ?? {});
      const stock = opts.nullify_stock ? 'stock nullified' : opts.carryforward_stock ? 'stock carried forward' : '';
      // The next day starts from zero for tracked items (ledger 'nullify', ref = the date closed).
      if (opts.nullify_stock) await nullifyStock(tx, restaurant, date, actor.user.userid);
      const diffText = count
        .filter((c) => toMilli(c.difference) !== 0)
        .map((c) => `${c.tender} ${c.difference > 0 ? '+' : ''}${c.difference}`)
        .join(', ');
      await this.log(tx, restaurant, date, how, actor.user.userid, {
        detail: [diffText && `count differs: ${diffText}`, body.note && `note: ${body.note}`, stock]
          .filter(Boolean)
          .join('; '),
        totals,
      });
      await audit(tx, {
        actor: actor.user.userid,
        action: how,
        entity: 'day_end',
        entityId: `${restaurant}@${date}`,
        before: existing ? { state: existing.state, version: existing.version } : null,
        after: { state: 'closed', totals, count, note: body.note },
        ip: actor.ip,
      });
    });
  }

  async reopen(actor: Actor, body: { restaurant: string; business_date: string; version: number; reason: string }) {
    await this.restaurantOf(actor.user, body.restaurant);
    if (!mayReopen(actor.user)) throw forbidden('Reopening a closed day needs the dayend_reopen permission');
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(dayEnds)
        .where(and(eq(dayEnds.restaurant, body.restaurant), eq(dayEnds.business_date, body.business_date)))
        .for('update');
      if (!row || row.state !== 'closed')
        throw new AppError(409, 'dayNotClosed', `The business day ${body.business_date} is not closed`);
      if (row.version !== body.version) {
        throw new AppError(
          409,
          'versionConflict',
          `The day was changed by ${row.updated_by ?? 'someone'} since you opened it. Reload to see it.`,
          {
            current_version: row.version,
          },
        );
      }
      const now = new Date();
      await tx
        .update(dayEnds)
        .set({
          state: 'reopened',
          reopened_at: now,
          reopened_by: actor.user.userid,
          reopen_reason: body.reason,
          updated_by: actor.user.userid,
          version: row.version + 1,
          updated_at: now,
        })
        .where(eq(dayEnds.id, row.id));
      await this.log(tx, body.restaurant, body.business_date, 'reopen', actor.user.userid, { detail: body.reason });
      await audit(tx, {
        actor: actor.user.userid,
        action: 'reopen',
        entity: 'day_end',
        entityId: `${body.restaurant}@${body.business_date}`,
        before: { state: row.state, version: row.version, totals: row.totals },
        after: { state: 'reopened', reason: body.reason },
        ip: actor.ip,
      });
    });
  }

  async log(
    tx: DbOrTx,
    restaurant: string,
    date: string,
    action: string,
    actor: string,
    extra: { detail?: string; totals?: DayTotals } = {},
  ) {
    await tx.insert(dayEndLogs).values({
      restaurant,
      business_date: date,
      action,
      actor,
      detail: extra.detail ?? '',
      totals: (extra.totals as unknown as Record<string, unknown>) ?? null,
    });
  }

  async logs(user: User, restaurant: string, from: string, to: string) {
    await this.restaurantOf(user, restaurant);
    const rows = await this.db
      .select()
      .from(dayEndLogs)
      .where(
        and(
          eq(dayEndLogs.restaurant, restaurant),
          gte(dayEndLogs.business_date, from),
          lte(dayEndLogs.business_date, to),
        ),
      )
      .orderBy(desc(dayEndLogs.id))
      .limit(500);
    return rows.map((r) => ({
      id: r.id,
      restaurant: r.restaurant,
      business_date: r.business_date,
      action: r.action as 'close',
      actor: r.actor,
      at: r.at.toISOString(),
      detail: r.detail,
      totals: (r.totals as DayTotals | null) ?? null,
    }));
  }

  /** Whether a day is closed now (refunds of its orders then count on the day they are given). */
  /**
   * The business date a change of one of the restaurant's orders counts on (core's countingDate): the order's own
   * while that day is open, else the first open day on or after max(today, the order's day). Takes the shared
   * lock on the restaurant's days first (cd_closed_days_from), so a close running at the same moment either waits
   * for this change or is seen by it. One round trip.
   */
  static async countingDate(tx: DbOrTx, restaurant: string, date: string): Promise<string> {
    const res = (await tx.execute(
      sql`select cd_closed_days_from(${restaurant}, ${date}::date) as closed`,
    )) as unknown as { rows: { closed: string[] | string | null }[] };
    const raw = res.rows[0]?.closed ?? [];
    const closed = new Set(Array.isArray(raw) ? raw : parseTextArray(raw));
    if (closed.size === 0) return date;
    return countingDate(date, new Date().toISOString().slice(0, 10), (d) => closed.has(d));
  }

  static async isClosed(db: DbOrTx, restaurant: string, date: string): Promise<boolean> {
    const [row] = await db
      .select({ state: dayEnds.state })
      .from(dayEnds)
      .where(and(eq(dayEnds.restaurant, restaurant), eq(dayEnds.business_date, date), eq(dayEnds.state, 'closed')));
    return !!row;
  }
}

/** A text[] as PostgreSQL writes it ({2026-11-01,2026-11-02}), for a driver that does not parse it. */
function parseTextArray(raw: string): string[] {
  const inner = raw.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((v) => v.replace(/^"|"$/g, '')) : [];
}

/** A restaurant's day-end options (spec 001 §3.2, stored with the rest_ prefix); defaults where unreadable. */
export function optionsOf(settings: Record<string, unknown>) {
  const parsed = restaurantOptionsSchema.safeParse(fromSettingsKeys(settings));
  return parsed.success ? parsed.data : restaurantOptionsSchema.parse({});
}
