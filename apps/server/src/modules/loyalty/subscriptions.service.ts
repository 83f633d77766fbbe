import { and, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  canChange,
  changeDeadline,
  statusOn,
  type ListQuery,
  type PlanBody,
  type Subscription,
  type SubscriptionAction,
  type SubscriptionPlan,
  type SubscriptionStatus,
  type PLAN_SORT,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  customers,
  orders,
  restaurants,
  subscriptionPlans,
  subscriptions,
  type SubscriptionPlanRow,
  type SubscriptionRow,
  type UserRow,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { versionConflict } from '../../lib/conflict.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import {
  listOrder,
  listRange,
  listSearch,
  text,
  withRange,
  type ListPage,
  type ListSpec,
} from '../../lib/list-query.js';
import { loadSiteScope } from '../../lib/site-scope.js';
import { deleteVersioned, updateVersioned, insertAudited } from '../../lib/versioned.js';
import { localNow } from '../marketing/quote.js';
import { outer } from '../../lib/outer-column.js';

const PLAN_LIST: ListSpec<(typeof PLAN_SORT)[number]> = {
  sortable: {
    name: text(subscriptionPlans.name),
    restaurant: text(subscriptionPlans.restaurant),
    price: subscriptionPlans.price,
    updated_at: subscriptionPlans.updated_at,
  },
  defaultSort: [text(subscriptionPlans.name)],
  key: subscriptionPlans.id,
  search: [subscriptionPlans.name],
};

const today = () => localNow().slice(0, 10);
const addDays = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};
const dmy = (local: string) =>
  `${local.slice(8, 10)}-${local.slice(5, 7)}-${local.slice(0, 4)}${local.length > 10 ? ` ${local.slice(11, 16)}` : ''}`;

/** A restaurant's subscription switches (spec 001 §3.2, kept in its details). */
async function restaurantTerms(db: DbOrTx, restaurant: string) {
  const [r] = await db
    .select({
      name: restaurants.name,
      enabled: sql<boolean>`coalesce((${restaurants.details}->>'enable_subscription')::boolean, false)`,
      deadline: sql<number>`coalesce((${restaurants.details}->>'subscription_modification_deadline')::int, 0)`,
    })
    .from(restaurants)
    .where(eq(restaurants.restaurant, restaurant));
  return r ? { ...r, deadline: Number(r.deadline) } : undefined;
}

export class SubscriptionsService {
  constructor(private readonly db: Db) {}

  private async scope(user: UserRow) {
    return loadSiteScope(this.db, user);
  }

  private planView(
    p: SubscriptionPlanRow,
    restaurantName: string,
    deadline: number,
    members: number,
  ): SubscriptionPlan {
    return {
      id: p.id,
      restaurant: p.restaurant,
      restaurant_name: restaurantName,
      name: p.name,
      description: p.description,
      status: p.status as SubscriptionPlan['status'],
      sessions: p.sessions as SubscriptionPlan['sessions'],
      days: p.days,
      serve_time: p.serve_time,
      period: p.period as SubscriptionPlan['period'],
      price: Number(p.price),
      trial_days: p.trial_days,
      deadline_minutes: deadline,
      members,
      version: p.version,
      updated_by: p.updated_by,
      updated_at: p.updated_at.toISOString(),
    };
  }

  async listPlans(
    user: UserRow,
    query: Partial<ListQuery> & { search?: string; restaurant?: string; status?: string },
  ): Promise<ListPage<SubscriptionPlan>> {
    const scope = await this.scope(user);
    const cond = and(
      listSearch(PLAN_LIST, query.search),
      query.restaurant ? eq(subscriptionPlans.restaurant, query.restaurant) : undefined,
      query.status ? eq(subscriptionPlans.status, query.status) : undefined,
      scope.all
        ? undefined
        : scope.restaurants.size
          ? inArray(subscriptionPlans.restaurant, [...scope.restaurants])
          : sql`false`,
    );
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select({
            p: subscriptionPlans,
            name: restaurants.name,
            deadline: sql<number>`coalesce((${restaurants.details}->>'subscription_modification_deadline')::int, 0)`,
            members: sql<number>`(select count(*)::int from ${subscriptions} s where s.plan_id = ${outer(subscriptionPlans.id)} and (s.cancelled_from is null or s.cancelled_from > ${today()}))`,
          })
          .from(subscriptionPlans)
          .innerJoin(restaurants, eq(restaurants.restaurant, subscriptionPlans.restaurant))
          .where(cond)
          .orderBy(...listOrder(PLAN_LIST, { order: 'asc', ...query }))
          .$dynamic(),
        listRange(query),
      ),
      this.db.select({ n: count() }).from(subscriptionPlans).where(cond),
    ]);
    return {
      rows: (rows as { p: SubscriptionPlanRow; name: string; deadline: number; members: number }[]).map((r) =>
        this.planView(r.p, r.name, Number(r.deadline), Number(r.members)),
      ),
      total: total?.n ?? 0,
    };
  }

  async plan(user: UserRow | null, id: number) {
    const [p] = await this.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
    if (!p) throw notFound('planNotFound', `Plan ${id} does not exist`);
    if (user) {
      const scope = await this.scope(user);
      if (!scope.all && !scope.restaurants.has(p.restaurant))
        throw notFound('planNotFound', `Plan ${id} does not exist`);
    }
    return p;
  }

  private async checkPlan(user: UserRow, b: PlanBody) {
    const scope = await this.scope(user);
    if (!scope.all && !scope.restaurants.has(b.restaurant))
      throw forbidden(`You do not have the restaurant ${b.restaurant}`);
    const terms = await restaurantTerms(this.db, b.restaurant);
    if (!terms)
      throw badRequest('unknownRestaurant', `restaurant: restaurant ${b.restaurant} does not exist`, {
        field: 'restaurant',
      });
    if (!terms.enabled)
      throw badRequest(
        'subscriptionNotEnabled',
        `${terms.name} does not offer subscriptions (switch on enable_subscription in the restaurant)`,
        { field: 'restaurant' },
      );
    return terms;
  }

  private values(b: PlanBody) {
    return {
      restaurant: b.restaurant,
      name: b.name,
      description: b.description,
      status: b.status,
      sessions: b.sessions,
      days: [...new Set(b.days)].sort(),
      serve_time: b.serve_time,
      period: b.period,
      price: b.price.toFixed(3),
      trial_days: b.trial_days,
    };
  }

  async createPlan(b: PlanBody, actor: Actor) {
    const terms = await this.checkPlan(actor.user, b);
    const row = await this.db.transaction(async (tx) => {
      const p = await insertAudited(tx, {
        table: subscriptionPlans,
        values: { ...this.values(b) },
        actor,
        entity: 'subscription_plan',
      });
      return p!;
    });
    return this.planView(row, terms.name, terms.deadline, 0);
  }

  async updatePlan(id: number, b: PlanBody, actor: Actor) {
    const before = await this.plan(actor.user, id);
    if (b.version === undefined)
      throw badRequest('versionRequired', 'Send the version you edited', { field: 'version' });
    if (b.restaurant !== before.restaurant)
      throw badRequest('planRestaurantFixed', 'A plan stays with its restaurant', { field: 'restaurant' });
    const terms = await this.checkPlan(actor.user, b);
    const row = await this.db.transaction((tx) =>
      updateVersioned(tx, {
        table: subscriptionPlans,
        where: eq(subscriptionPlans.id, id),
        version: b.version!,
        actor,
        entity: 'subscription_plan',
        entityId: String(id),
        what: `Plan ${before.name}`,
        before,
        set: this.values(b),
      }),
    );
    return this.planView(row, terms.name, terms.deadline, 0);
  }

  async removePlan(id: number, version: number, actor: Actor) {
    const before = await this.plan(actor.user, id);
    const [n] = await this.db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.plan_id, id));
    if ((n?.n ?? 0) > 0)
      throw new AppError(
        409,
        'planHasMembers',
        `Plan ${before.name} has ${n!.n} subscriptions: end it instead of deleting it`,
      );
    await this.db.transaction((tx) =>
      deleteVersioned(tx, {
        table: subscriptionPlans,
        where: eq(subscriptionPlans.id, id),
        version,
        actor,
        entity: 'subscription_plan',
        entityId: String(id),
        what: `Plan ${before.name}`,
        before,
      }),
    );
  }

  private async views(rows: SubscriptionRow[]): Promise<Subscription[]> {
    if (rows.length === 0) return [];
    const planIds = [...new Set(rows.map((r) => r.plan_id))];
    const [plans, names, orderCounts] = await Promise.all([
      this.db.select().from(subscriptionPlans).where(inArray(subscriptionPlans.id, planIds)),
      this.db
        .select({ ref: customers.customer_ref, name: customers.name })
        .from(customers)
        .where(
          inArray(
            customers.customer_ref,
            rows.map((r) => r.customer_ref),
          ),
        ),
      this.db
        .select({ id: orders.subscription_id, n: sql<number>`count(*)::int` })
        .from(orders)
        .where(
          inArray(
            orders.subscription_id,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(orders.subscription_id),
    ]);
    const deadlines = new Map<string, number>();
    for (const p of plans)
      if (!deadlines.has(p.restaurant))
        deadlines.set(p.restaurant, (await restaurantTerms(this.db, p.restaurant))?.deadline ?? 0);
    const day = today();
    return rows.map((r) => {
      const plan = plans.find((p) => p.id === r.plan_id)!;
      const next = this.nextMeal(plan, day);
      return {
        id: r.id,
        plan_id: r.plan_id,
        plan_name: plan.name,
        customer_ref: r.customer_ref,
        customer_name: names.find((n) => n.ref === r.customer_ref)?.name ?? '',
        status: statusOn(day, r),
        start_date: r.start_date,
        trial_ends: r.trial_ends,
        paused_from: r.paused_from,
        paused_until: r.paused_until,
        cancelled_from: r.cancelled_from,
        next_change_by: changeDeadline(next, plan.serve_time, deadlines.get(plan.restaurant) ?? 0),
        orders: Number(orderCounts.find((o) => o.id === r.id)?.n ?? 0),
        version: r.version,
        updated_by: r.updated_by,
        updated_at: r.updated_at.toISOString(),
      };
    });
  }

  /** The next day from `day` on that the plan serves (its weekdays), or `day` itself when it has none. */
  private nextMeal(plan: SubscriptionPlanRow, day: string) {
    for (let i = 0; i < 8; i++) {
      const d = addDays(day, i);
      const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
      if (plan.days.includes(new Date(Date.UTC(y, m - 1, dd)).getUTCDay())) return d;
    }
    return day;
  }

  async members(
    user: UserRow,
    planId: number,
    query: Partial<ListQuery> & { search?: string; status?: SubscriptionStatus },
  ) {
    await this.plan(user, planId);
    const day = today();
    const statusCond =
      query.status === 'cancelled'
        ? sql`${subscriptions.cancelled_from} <= ${day}`
        : query.status === 'paused'
          ? sql`(${subscriptions.cancelled_from} is null or ${subscriptions.cancelled_from} > ${day}) and ${subscriptions.paused_from} <= ${day} and (${subscriptions.paused_until} is null or ${subscriptions.paused_until} >= ${day})`
          : query.status === 'trial'
            ? sql`(${subscriptions.cancelled_from} is null or ${subscriptions.cancelled_from} > ${day}) and ${subscriptions.trial_ends} >= ${day} and not (coalesce(${subscriptions.paused_from} <= ${day} and (${subscriptions.paused_until} is null or ${subscriptions.paused_until} >= ${day}), false))`
            : query.status === 'active'
              ? sql`(${subscriptions.cancelled_from} is null or ${subscriptions.cancelled_from} > ${day}) and (${subscriptions.trial_ends} is null or ${subscriptions.trial_ends} < ${day}) and not (coalesce(${subscriptions.paused_from} <= ${day} and (${subscriptions.paused_until} is null or ${subscriptions.paused_until} >= ${day}), false))`
              : undefined;
    const cond = and(
      eq(subscriptions.plan_id, planId),
      query.search
        ? ilike(subscriptions.customer_ref, `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
        : undefined,
      statusCond,
    );
    const dir = query.order === 'desc' ? sql`desc` : sql`asc`;
    const col = query.sort === 'start_date' ? subscriptions.start_date : sql`${subscriptions.customer_ref} collate "C"`;
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select()
          .from(subscriptions)
          .where(cond)
          .orderBy(sql`${col} ${dir}`, subscriptions.id)
          .$dynamic(),
        listRange(query),
      ),
      this.db.select({ n: count() }).from(subscriptions).where(cond),
    ]);
    return { rows: await this.views(rows as SubscriptionRow[]), total: total?.n ?? 0 };
  }

  async one(id: number) {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    if (!row) throw notFound('subscriptionNotFound', `Subscription ${id} does not exist`);
    return (await this.views([row]))[0]!;
  }

  /** Enrols a customer (staff, or the app with `who` its API client). One live subscription per customer and plan. */
  async enrol(
    b: { plan_id: number; customer_ref: string; start_date: string },
    user: UserRow | null,
    who: string,
    ip = '',
  ) {
    const plan = await this.plan(user, b.plan_id);
    if (plan.status !== 'active') throw new AppError(409, 'planNotActive', `Plan ${plan.name} is ${plan.status}`);
    if (b.start_date < today())
      throw badRequest('startInPast', 'The start date cannot be in the past', { field: 'start_date' });
    const id = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sub:${plan.id}:${b.customer_ref}`}))`);
      const [live] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.plan_id, plan.id),
            eq(subscriptions.customer_ref, b.customer_ref),
            sql`(${subscriptions.cancelled_from} is null or ${subscriptions.cancelled_from} > ${today()})`,
          ),
        );
      if (live)
        throw new AppError(
          409,
          'alreadySubscribed',
          `${b.customer_ref} is already on ${plan.name} (subscription ${live.id})`,
        );
      const [row] = await tx
        .insert(subscriptions)
        .values({
          plan_id: plan.id,
          customer_ref: b.customer_ref,
          start_date: b.start_date,
          trial_ends: plan.trial_days > 0 ? addDays(b.start_date, plan.trial_days - 1) : null,
          updated_by: who,
        })
        .returning();
      await audit(tx, {
        actor: who,
        action: 'subscribe',
        entity: 'subscription',
        entityId: String(row!.id),
        after: row,
        ip,
      });
      return row!.id;
    });
    return this.one(id);
  }

  /**
   * Pause, resume or cancel from a day on — refused (409 subscriptionDeadlinePassed) once that day's meal is
   * closer than the restaurant's subscription_modification_deadline. Version-checked when a version is sent.
   */
  async change(
    id: number,
    b: { action: SubscriptionAction; from: string; until: string | null; version?: number | undefined },
    user: UserRow | null,
    who: string,
    ip = '',
  ) {
    const [current] = await this.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    if (!current) throw notFound('subscriptionNotFound', `Subscription ${id} does not exist`);
    const plan = await this.plan(user, current.plan_id);
    const terms = (await restaurantTerms(this.db, plan.restaurant))!;
    const now = localNow();
    if (!canChange(now, b.from, plan.serve_time, terms.deadline)) {
      const closed = changeDeadline(b.from, plan.serve_time, terms.deadline);
      throw new AppError(
        409,
        'subscriptionDeadlinePassed',
        `Changes to the meal of ${dmy(b.from)} closed at ${dmy(closed)} (${terms.deadline} minutes before it is served)`,
        { field: 'from' },
      );
    }
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
      if (b.version !== undefined && row!.version !== b.version)
        throw versionConflict(`Subscription of ${row!.customer_ref}`, row!);
      const day = today();
      const status = statusOn(b.from > day ? b.from : day, row!);
      let set: Partial<SubscriptionRow>;
      if (b.action === 'cancel') {
        if (row!.cancelled_from && row!.cancelled_from <= b.from)
          throw new AppError(409, 'alreadyCancelled', 'The subscription is already cancelled from then');
        set = { cancelled_from: b.from };
      } else if (b.action === 'pause') {
        if (status === 'cancelled')
          throw new AppError(409, 'subscriptionCancelled', 'A cancelled subscription cannot be paused');
        set = { paused_from: b.from, paused_until: b.until };
      } else {
        if (!row!.paused_from) throw new AppError(409, 'notPaused', 'The subscription is not paused');
        set =
          b.from <= row!.paused_from
            ? { paused_from: null, paused_until: null }
            : { paused_until: addDays(b.from, -1) };
      }
      await tx
        .update(subscriptions)
        .set({ ...set, updated_by: who, updated_at: new Date(), version: sql`${subscriptions.version} + 1` })
        .where(eq(subscriptions.id, id));
      await audit(tx, {
        actor: who,
        action: b.action,
        entity: 'subscription',
        entityId: String(id),
        before: row,
        after: { ...row, ...set },
        ip,
      });
    });
    return this.one(id);
  }

  /** An ingested order that says it came from a subscription: the subscription must be live that day, at that restaurant. */
  static async checkOrder(
    tx: DbOrTx,
    subscriptionId: number,
    o: { restaurant: string; customer_ref: string; business_date: string; order_type: string },
  ) {
    if (o.order_type !== 'subscription')
      throw badRequest('notSubscriptionOrder', 'An order from a subscription has order_type subscription', {
        field: 'order_type',
      });
    const [s] = await tx
      .select({ s: subscriptions, restaurant: subscriptionPlans.restaurant })
      .from(subscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.plan_id))
      .where(eq(subscriptions.id, subscriptionId));
    if (!s || s.restaurant !== o.restaurant || s.s.customer_ref !== o.customer_ref)
      throw badRequest(
        'unknownSubscription',
        `Subscription ${subscriptionId} is not ${o.customer_ref}'s at ${o.restaurant}`,
        { field: 'subscription_id' },
      );
    const status = statusOn(o.business_date, s.s);
    if (status === 'paused' || status === 'cancelled' || o.business_date < s.s.start_date)
      throw new AppError(
        409,
        'subscriptionNotLive',
        `Subscription ${subscriptionId} is ${o.business_date < s.s.start_date ? 'not started' : status} on ${o.business_date}`,
        {
          field: 'subscription_id',
        },
      );
  }
}
