import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  ALL_DAY,
  productionSessions,
  productionMethodSchema,
  proposeLines,
  refreshLines,
  sameWeekdays,
  SETTINGS_PREFIX,
  weekdayOf,
  type ProductionItemSales,
  type ListQuery,
  type PRODUCTION_PLAN_SORT,
  type ProductionPlanLine,
  type ProductionLineState,
  type ProductionPlanSaveBody,
  type ProductionPlanStatus,
  type ProductionPlan,
  type ProductionProposeBody,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  foodItems,
  productionPlanLines,
  productionPlans,
  restaurants,
  salesDailyItems,
  type ProductionPlanRow,
  type UserRow,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { versionConflict } from '../../lib/conflict.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { listOrder, listRange, listSearch, withRange, type ListPage, type ListSpec } from '../../lib/list-query.js';
import { loadMenuRestaurant } from '../menu/menu-access.js';
import { outer } from '../../lib/outer-column.js';

const LIST: ListSpec<(typeof PRODUCTION_PLAN_SORT)[number]> = {
  sortable: {
    plan_date: productionPlans.plan_date,
    session: sql`lower(${productionPlans.session}) collate "C"`,
    status: productionPlans.status,
    updated_at: productionPlans.updated_at,
  },
  defaultSort: [productionPlans.plan_date],
  key: productionPlans.id,
  search: [productionPlans.session, productionPlans.notes],
};

/** Quantities are numeric(12,3): kept in the API as numbers with up to 3 decimals. */
const qty = (n: number) => n.toFixed(3);

const totalsSql = {
  line_count: sql<number>`(select count(*) from ${productionPlanLines} l where l.plan_id = ${outer(productionPlans.id)})`,
  total_proposed: sql<string>`(select coalesce(sum(l.proposed), 0) from ${productionPlanLines} l where l.plan_id = ${outer(productionPlans.id)})`,
  total_planned: sql<string>`(select coalesce(sum(l.planned), 0) from ${productionPlanLines} l where l.plan_id = ${outer(productionPlans.id)})`,
};

type PlanRowWithTotals = ProductionPlanRow & {
  line_count: number | string;
  total_proposed: number | string;
  total_planned: number | string;
  restaurant_name: string | null;
};

function planView(r: PlanRowWithTotals, lines?: ProductionPlanLine[]): ProductionPlan {
  return {
    id: r.id,
    restaurant: r.restaurant,
    restaurant_name: r.restaurant_name ?? r.restaurant,
    plan_date: r.plan_date,
    weekday: weekdayOf(r.plan_date),
    session: r.session,
    status: r.status as ProductionPlanStatus,
    lookback_weeks: r.lookback_weeks,
    method: productionMethodSchema.parse(r.method ?? {}),
    history_dates: sameWeekdays(r.plan_date, r.lookback_weeks),
    notes: r.notes,
    line_count: Number(r.line_count),
    total_proposed: Number(r.total_proposed),
    total_planned: Number(r.total_planned),
    version: r.version,
    updated_by: r.updated_by,
    updated_at: r.updated_at.toISOString(),
    created_at: r.created_at.toISOString(),
    ...(lines ? { lines } : {}),
  };
}

const lineView = (l: typeof productionPlanLines.$inferSelect): ProductionPlanLine => ({
  foodid: l.foodid,
  foodname: l.foodname,
  proposed: Number(l.proposed),
  planned: Number(l.planned),
  history: Array.isArray(l.history) ? l.history.map(Number) : [],
  note: l.note,
  sequence: l.sequence,
});

const planColumns = {
  plan: productionPlans,
  restaurant_name: restaurants.name,
  ...totalsSql,
};

/**
 * Production plans (issue 20 point 5): proposed from the same weekday's sales (sales_daily_items, net of refunds),
 * adjusted by hand, approved (then read-only until reopened). Every change is audited in its transaction.
 */
export class ProductionPlanningService {
  constructor(private readonly db: Db) {}

  async list(
    user: UserRow,
    query: Partial<ListQuery> & { restaurant: string; status?: ProductionPlanStatus; search?: string },
  ): Promise<ListPage<ProductionPlan>> {
    const rest = await loadMenuRestaurant(this.db, query.restaurant, user);
    const cond = and(
      eq(productionPlans.restaurant, rest.restaurant),
      query.status ? eq(productionPlans.status, query.status) : undefined,
      listSearch(LIST, query.search),
    );
    // Newest date first unless a sort is asked for.
    const order = query.sort
      ? listOrder(LIST, { sort: query.sort, order: query.order ?? 'asc' })
      : [desc(productionPlans.plan_date), asc(productionPlans.session), desc(productionPlans.id)];
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select(planColumns)
          .from(productionPlans)
          .leftJoin(restaurants, eq(restaurants.restaurant, productionPlans.restaurant))
          .where(cond)
          .orderBy(...order)
          .$dynamic(),
        listRange(query),
      ),
      this.db.select({ n: count() }).from(productionPlans).where(cond),
    ]);
    return {
      rows: rows.map((r) => planView({ ...r.plan, ...r, restaurant_name: r.restaurant_name })),
      total: total?.n ?? 0,
    };
  }

  /** The sessions a plan can be for: all day, the restaurant's session list, the sessions it sold in lately. */
  async sessions(user: UserRow, restaurant: string): Promise<string[]> {
    const rest = await loadMenuRestaurant(this.db, restaurant, user);
    const [row] = await this.db
      .select({ list: sql<unknown>`${restaurants.settings}->${`${SETTINGS_PREFIX}sessionlist`}` })
      .from(restaurants)
      .where(eq(restaurants.restaurant, rest.restaurant));
    const listed = Array.isArray(row?.list)
      ? (row.list as unknown[]).map((s) =>
          typeof s === 'string' ? s : String((s as { session?: unknown } | null)?.session ?? ''),
        )
      : [];
    const since = new Date(Date.now() - 84 * 86_400_000).toISOString().slice(0, 10);
    const sold = await this.db
      .selectDistinct({ session: salesDailyItems.session })
      .from(salesDailyItems)
      .where(and(eq(salesDailyItems.restaurant, rest.restaurant), gte(salesDailyItems.business_date, since)));
    const order = ['Breakfast', 'Lunch', 'Snacks', 'Dinner', 'Allday'];
    const soldSorted = sold
      .map((s) => s.session)
      .sort((a, b) => {
        const ia = order.indexOf(a);
        const ib = order.indexOf(b);
        return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b);
      });
    return productionSessions(listed, soldSorted);
  }

  private async planRow(db: DbOrTx, id: number, lock = false) {
    const q = db.select().from(productionPlans).where(eq(productionPlans.id, id));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound('planNotFound', `Production plan ${id} does not exist`);
    return row;
  }

  /** One plan with its lines. */
  async one(db: DbOrTx, id: number): Promise<ProductionPlan> {
    const [row] = await db
      .select(planColumns)
      .from(productionPlans)
      .leftJoin(restaurants, eq(restaurants.restaurant, productionPlans.restaurant))
      .where(eq(productionPlans.id, id));
    if (!row) throw notFound('planNotFound', `Production plan ${id} does not exist`);
    const lines = await db
      .select()
      .from(productionPlanLines)
      .where(eq(productionPlanLines.plan_id, id))
      .orderBy(asc(productionPlanLines.sequence), asc(productionPlanLines.foodid));
    return planView({ ...row.plan, ...row, restaurant_name: row.restaurant_name }, lines.map(lineView));
  }

  /** One plan, checked against the caller's sites (404 / 403). */
  async get(user: UserRow, id: number): Promise<ProductionPlan> {
    const row = await this.planRow(this.db, id);
    await loadMenuRestaurant(this.db, row.restaurant, user);
    return this.one(this.db, id);
  }

  /** Net sales (sold − refunded) per item on each of the dates, of one session or all of them. */
  private async salesOf(
    db: DbOrTx,
    restaurant: string,
    dates: string[],
    session: string,
  ): Promise<ProductionItemSales[]> {
    const found = await db
      .select({
        foodid: salesDailyItems.foodid,
        name: sql<string>`max(${salesDailyItems.name})`,
        business_date: salesDailyItems.business_date,
        net: sql<string>`sum(${salesDailyItems.quantity}) - sum(${salesDailyItems.refunded_quantity})`,
      })
      .from(salesDailyItems)
      .where(
        and(
          eq(salesDailyItems.restaurant, restaurant),
          inArray(salesDailyItems.business_date, dates),
          session === ALL_DAY ? undefined : eq(salesDailyItems.session, session),
        ),
      )
      .groupBy(salesDailyItems.foodid, salesDailyItems.business_date);
    const ids = [...new Set(found.map((r) => r.foodid))];
    // The item's name on the menu now, else the name it was sold under.
    const names = new Map(
      ids.length
        ? (
            await db
              .select({ foodid: foodItems.foodid, foodname: foodItems.foodname })
              .from(foodItems)
              .where(inArray(foodItems.foodid, ids))
          ).map((r) => [r.foodid, r.foodname])
        : [],
    );
    const items = new Map<string, ProductionItemSales>();
    for (const r of found) {
      const item = items.get(r.foodid) ?? {
        foodid: r.foodid,
        foodname: names.get(r.foodid) ?? r.name,
        byDate: {},
      };
      item.byDate[r.business_date] = Number(r.net);
      items.set(r.foodid, item);
    }
    return [...items.values()];
  }

  private async writeLines(db: DbOrTx, planId: number, lines: ProductionLineState[]) {
    await db.delete(productionPlanLines).where(eq(productionPlanLines.plan_id, planId));
    if (lines.length === 0) return;
    await db.insert(productionPlanLines).values(
      lines.map((l, i) => ({
        plan_id: planId,
        foodid: l.foodid,
        foodname: l.foodname,
        proposed: qty(l.proposed),
        planned: qty(l.planned),
        history: l.history,
        note: l.note,
        sequence: i + 1,
      })),
    );
  }

  /**
   * Creates the draft of a restaurant, day and session from the same weekday's sales of the past weeks, or
   * refreshes the existing draft: new proposals and history, the hand changes kept. An approved plan is refused.
   */
  async propose(body: ProductionProposeBody, actor: Actor) {
    const rest = await loadMenuRestaurant(this.db, body.restaurant, actor.user);
    const dates = sameWeekdays(body.plan_date, body.lookback_weeks);
    const method = { method: body.method, buffer_pct: body.buffer_pct, peak_pct: body.peak_pct };
    const run = () =>
      this.db.transaction(async (tx) => {
        const proposals = proposeLines(await this.salesOf(tx, rest.restaurant, dates, body.session), dates, method);
        const [existing] = await tx
          .select()
          .from(productionPlans)
          .where(
            and(
              eq(productionPlans.restaurant, rest.restaurant),
              eq(productionPlans.plan_date, body.plan_date),
              eq(productionPlans.session, body.session),
            ),
          )
          .for('update');
        if (existing?.status === 'approved')
          throw new AppError(
            409,
            'planApproved',
            `The plan of ${body.plan_date} (${body.session}) is approved. Reopen it to propose again.`,
            { plan_id: existing.id },
          );
        if (!existing) {
          const [plan] = await tx
            .insert(productionPlans)
            .values({
              restaurant: rest.restaurant,
              plan_date: body.plan_date,
              session: body.session,
              lookback_weeks: body.lookback_weeks,
              method,
              updated_by: actor.user.userid,
            })
            .returning();
          const lines = proposals.map((p) => ({ ...p, planned: p.proposed, note: '' }));
          await this.writeLines(tx, plan!.id, lines);
          await audit(tx, {
            actor: actor.user.userid,
            action: 'propose',
            entity: 'production_plan',
            entityId: String(plan!.id),
            after: { ...body, lines: lines.length },
            ip: actor.ip,
          });
          return { plan: await this.one(tx, plan!.id), created: true, kept: 0 };
        }
        const before = (
          await tx.select().from(productionPlanLines).where(eq(productionPlanLines.plan_id, existing.id))
        ).map(lineView);
        const { lines, kept } = refreshLines(before, proposals, body.lookback_weeks);
        await this.writeLines(tx, existing.id, lines);
        await tx
          .update(productionPlans)
          .set({
            lookback_weeks: body.lookback_weeks,
            method,
            version: sql`${productionPlans.version} + 1`,
            updated_by: actor.user.userid,
            updated_at: new Date(),
          })
          .where(eq(productionPlans.id, existing.id));
        await audit(tx, {
          actor: actor.user.userid,
          action: 'refresh',
          entity: 'production_plan',
          entityId: String(existing.id),
          before: { lookback_weeks: existing.lookback_weeks, method: existing.method, lines: before.length },
          after: { ...body, lines: lines.length, kept },
          ip: actor.ip,
        });
        return { plan: await this.one(tx, existing.id), created: false, kept };
      });
    try {
      return await run();
    } catch (err) {
      // Two first proposals at once: the second finds the first one's draft and refreshes it.
      if (!uniqueViolation(err)) throw err;
      return run();
    }
  }

  /** Locks the plan, checks the caller's sites, the version and (for changes) that it is a draft. */
  private async editable(tx: DbOrTx, id: number, version: number, actor: Actor, needDraft: boolean) {
    const row = await this.planRow(tx, id, true);
    await loadMenuRestaurant(tx, row.restaurant, actor.user);
    if (row.version !== version) throw versionConflict(`The plan of ${row.plan_date} (${row.session})`, row);
    if (needDraft && row.status !== 'draft')
      throw new AppError(
        409,
        'planApproved',
        `The plan of ${row.plan_date} (${row.session}) is approved and read-only. Reopen it to change it.`,
      );
    return row;
  }

  private bump(tx: DbOrTx, id: number, actor: Actor, set: Partial<typeof productionPlans.$inferInsert> = {}) {
    return tx
      .update(productionPlans)
      .set({
        ...set,
        version: sql`${productionPlans.version} + 1`,
        updated_by: actor.user.userid,
        updated_at: new Date(),
      })
      .where(eq(productionPlans.id, id));
  }

  /** Hand adjustments: each line's planned quantity and note, and the plan's notes (a draft only). */
  async save(id: number, body: ProductionPlanSaveBody, actor: Actor): Promise<ProductionPlan> {
    return this.db.transaction(async (tx) => {
      const row = await this.editable(tx, id, body.version, actor, true);
      const current = await tx.select().from(productionPlanLines).where(eq(productionPlanLines.plan_id, id));
      const byId = new Map(current.map((l) => [l.foodid, l]));
      // Items the plan does not have yet are added by hand (no history, nothing proposed), if the restaurant has them.
      const extra = [...new Set(body.lines.filter((l) => !byId.has(l.foodid)).map((l) => l.foodid))];
      const menuItems = extra.length
        ? await tx
            .select({ foodid: foodItems.foodid, foodname: foodItems.foodname })
            .from(foodItems)
            .where(and(inArray(foodItems.foodid, extra), eq(foodItems.restaurant, row.restaurant)))
        : [];
      const namesOf = new Map(menuItems.map((i) => [i.foodid, i.foodname]));
      const unknown = body.lines.findIndex((l) => !byId.has(l.foodid) && !namesOf.has(l.foodid));
      if (unknown >= 0)
        throw badRequest('unknownLine', `lines.${unknown}.foodid: not an item of this restaurant`, {
          field: `lines.${unknown}.foodid`,
        });
      const changed: { foodid: string; planned: [number, number]; note: [string, string] }[] = [];
      let sequence = Math.max(0, ...current.map((l) => l.sequence));
      for (const l of body.lines) {
        const old = byId.get(l.foodid);
        if (!old) {
          if (byId.has(l.foodid) || changed.some((c) => c.foodid === l.foodid)) continue;
          sequence += 1;
          changed.push({ foodid: l.foodid, planned: [0, l.planned], note: ['', l.note] });
          await tx.insert(productionPlanLines).values({
            plan_id: id,
            foodid: l.foodid,
            foodname: namesOf.get(l.foodid)!,
            proposed: '0',
            planned: qty(l.planned),
            history: [],
            note: l.note,
            sequence,
          });
          continue;
        }
        if (Number(old.planned) === l.planned && old.note === l.note) continue;
        changed.push({ foodid: l.foodid, planned: [Number(old.planned), l.planned], note: [old.note, l.note] });
        await tx
          .update(productionPlanLines)
          .set({ planned: qty(l.planned), note: l.note })
          .where(and(eq(productionPlanLines.plan_id, id), eq(productionPlanLines.foodid, l.foodid)));
      }
      await this.bump(tx, id, actor, { notes: body.notes });
      await audit(tx, {
        actor: actor.user.userid,
        action: 'update',
        entity: 'production_plan',
        entityId: String(id),
        before: { notes: row.notes, version: row.version },
        after: { notes: body.notes, changed },
        ip: actor.ip,
      });
      return this.one(tx, id);
    });
  }

  /** Approve (a draft becomes read-only) or reopen (an approved plan becomes a draft again). */
  async setStatus(id: number, version: number, to: ProductionPlanStatus, actor: Actor): Promise<ProductionPlan> {
    return this.db.transaction(async (tx) => {
      const row = await this.editable(tx, id, version, actor, false);
      const from = to === 'approved' ? 'draft' : 'approved';
      if (row.status !== from)
        throw new AppError(
          409,
          to === 'approved' ? 'planApproved' : 'planNotApproved',
          to === 'approved' ? 'This plan is approved already.' : 'This plan is a draft already.',
        );
      await this.bump(tx, id, actor, { status: to });
      await audit(tx, {
        actor: actor.user.userid,
        action: to === 'approved' ? 'approve' : 'reopen',
        entity: 'production_plan',
        entityId: String(id),
        before: { status: row.status, version: row.version },
        after: { status: to },
        ip: actor.ip,
      });
      return this.one(tx, id);
    });
  }

  /** Deletes a draft (an approved plan must be reopened first). */
  async remove(id: number, version: number, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.editable(tx, id, version, actor, true);
      await tx.delete(productionPlans).where(eq(productionPlans.id, id));
      await audit(tx, {
        actor: actor.user.userid,
        action: 'delete',
        entity: 'production_plan',
        entityId: String(id),
        before: row,
        ip: actor.ip,
      });
    });
  }
}
