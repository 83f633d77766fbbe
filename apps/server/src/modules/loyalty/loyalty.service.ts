import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  canAccessPage,
  LOYALTY_ADJUST_PERMISSION,
  type LedgerEntry,
  type ListQuery,
  type LoyaltyKind,
  type LoyaltyMember,
  type LoyaltyProgram,
  type LoyaltyProgramBody,
  type LoyaltyReward,
  type LoyaltyRewardBody,
  type LOYALTY_PROGRAM_SORT,
  type OfferReward,
  programCurrency,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import {
  customers,
  loyaltyAccounts,
  loyaltyLedger,
  loyaltyPrograms,
  loyaltyRewards,
  offerCodes,
  offers,
  orders,
  restaurants,
  type LoyaltyProgramRow,
  type LoyaltyRewardRow,
  type UserRow,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
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
import { deleteVersioned, updateVersioned, insertAudited } from '../../lib/versioned.js';
import { checkSites } from '../marketing/marketing-common.js';
import { insertUniqueCodes } from '../marketing/offers.service.js';
import { accountOf, appendEntry, forgetPrograms } from './ledger.js';
import { outer } from '../../lib/outer-column.js';

export const PAGE_OF: Record<LoyaltyKind, 'loyalty_points' | 'loyalty_stamps'> = {
  points: 'loyalty_points',
  stamps: 'loyalty_stamps',
};

const PROGRAM_LIST: ListSpec<(typeof LOYALTY_PROGRAM_SORT)[number]> = {
  sortable: {
    name: text(loyaltyPrograms.name),
    status: loyaltyPrograms.status,
    updated_at: loyaltyPrograms.updated_at,
  },
  defaultSort: [text(loyaltyPrograms.name)],
  key: loyaltyPrograms.id,
  search: [loyaltyPrograms.name],
};

/** A program's own figures: its members, what they hold, and the currencies of the restaurants it earns in. */
type ProgramFigures = { members: number; outstanding: number; currencies: string[] };
type RewardSelected = { r: LoyaltyRewardRow; program_name: string; redeemed: number; item_name: string | null };
const NO_FIGURES: ProgramFigures = { members: 0, outstanding: 0, currencies: [] };

const programView = (p: LoyaltyProgramRow, figures: ProgramFigures = NO_FIGURES): LoyaltyProgram => ({
  id: p.id,
  name: p.name,
  kind: p.kind as LoyaltyKind,
  status: p.status as LoyaltyProgram['status'],
  points_name: p.points_name,
  foodcourts: p.foodcourts,
  restaurants: p.restaurants,
  channels: p.channels as LoyaltyProgram['channels'],
  groups: p.groups,
  points: p.points,
  stamps: p.stamps,
  expiry_days: p.expiry_days,
  members: figures.members,
  outstanding: figures.outstanding,
  currency: programCurrency(figures.currencies),
  currencies: figures.currencies,
  version: p.version,
  updated_by: p.updated_by,
  updated_at: p.updated_at.toISOString(),
});

const mayUse = (user: UserRow, kind: LoyaltyKind) => {
  if (!canAccessPage(user, PAGE_OF[kind])) throw forbidden('You do not have this page');
};

/**
 * A customer's balances: the ordering apps ask at every basket, so the statement is prepared once (built once,
 * parsed once per connection) and reads only what the answer shows.
 */
function prepareBalances(db: Db) {
  return db
    .select({
      program_id: loyaltyPrograms.id,
      name: loyaltyPrograms.name,
      kind: loyaltyPrograms.kind,
      points_name: loyaltyPrograms.points_name,
      balance: loyaltyAccounts.balance,
      required: sql<
        number | null
      >`case when ${loyaltyPrograms.kind} = 'stamps' then (${loyaltyPrograms.stamps}->>'required')::int end`,
    })
    .from(loyaltyAccounts)
    .innerJoin(loyaltyPrograms, eq(loyaltyPrograms.id, loyaltyAccounts.program_id))
    .where(eq(loyaltyAccounts.customer_ref, sql.placeholder('customer')))
    .prepare('loyalty_balances');
}

/** A reward's offer: what the pricing engine takes off when its code is in the cart. */
function offerRewardOf(r: LoyaltyRewardBody['reward']): OfferReward {
  if (r.kind === 'free_item') return { kind: 'free_item', foodid: r.foodid, quantity: r.quantity };
  if (r.kind === 'amount') return { kind: 'amount', amount: r.amount, applies_to: 'order' };
  return { kind: 'percent', percent: r.percent, applies_to: 'order' };
}

export class LoyaltyService {
  private balancesStatement: ReturnType<typeof prepareBalances> | null = null;

  constructor(
    private readonly db: Db,
    private readonly offersChanged: () => void = () => {},
  ) {}

  async listPrograms(
    user: UserRow,
    query: Partial<ListQuery> & { search?: string; kind?: LoyaltyKind; status?: string },
    range = listRange(query),
  ): Promise<ListPage<LoyaltyProgram>> {
    if (query.kind) mayUse(user, query.kind);
    const cond = and(
      listSearch(PROGRAM_LIST, query.search),
      query.kind ? eq(loyaltyPrograms.kind, query.kind) : undefined,
      query.status ? eq(loyaltyPrograms.status, query.status) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select()
          .from(loyaltyPrograms)
          .where(cond)
          .orderBy(...listOrder(PROGRAM_LIST, { order: 'asc', ...query }))
          .$dynamic(),
        range,
      ),
      this.db.select({ n: count() }).from(loyaltyPrograms).where(cond),
    ]);
    const programs = rows as LoyaltyProgramRow[];
    const figures = await this.figures(programs.map((p) => p.id));
    return {
      rows: programs.map((p) => programView(p, figures.get(p.id))),
      total: total?.n ?? 0,
    };
  }

  /**
   * Each program's own figures (issue 33): its members and the points (or stamps) they hold, from its own
   * accounts (one range of the member index per program), and the currencies of the restaurants it earns in —
   * its restaurants, those of its food courts, or every restaurant when it names neither (as programApplies).
   * Two grouped queries, not a correlated subquery in the select: drizzle writes a one-table select's columns
   * without their table, so `a.program_id = "id"` inside such a subquery meant the account's own id, and every
   * program showed the same figures.
   */
  private async figures(ids: number[]): Promise<Map<number, ProgramFigures>> {
    const out = new Map<number, ProgramFigures>(ids.map((id) => [id, { ...NO_FIGURES, currencies: [] }]));
    if (ids.length === 0) return out;
    const currency = sql<string>`upper(trim(${restaurants.details}->>'currency'))`;
    const [held, money] = await Promise.all([
      this.db
        .select({
          id: loyaltyAccounts.program_id,
          members: sql<number>`count(*)::int`,
          outstanding: sql<number>`coalesce(sum(greatest(${loyaltyAccounts.balance}, 0)), 0)::int`,
        })
        .from(loyaltyAccounts)
        .where(inArray(loyaltyAccounts.program_id, ids))
        .groupBy(loyaltyAccounts.program_id),
      this.db
        .selectDistinct({ id: loyaltyPrograms.id, currency })
        .from(loyaltyPrograms)
        .innerJoin(
          restaurants,
          and(
            sql`(jsonb_array_length(${loyaltyPrograms.restaurants}) = 0 or ${loyaltyPrograms.restaurants} @> jsonb_build_array(${restaurants.restaurant}))`,
            sql`(jsonb_array_length(${loyaltyPrograms.foodcourts}) = 0 or ${loyaltyPrograms.foodcourts} @> jsonb_build_array(${restaurants.foodcourt}))`,
          ),
        )
        .where(and(inArray(loyaltyPrograms.id, ids), sql`coalesce(${currency}, '') <> ''`)),
    ]);
    for (const h of held)
      Object.assign(out.get(h.id)!, { members: Number(h.members), outstanding: Number(h.outstanding) });
    for (const m of money) out.get(m.id)!.currencies.push(m.currency);
    for (const f of out.values()) f.currencies.sort();
    return out;
  }

  /** One program as the list shows it, with its own figures. */
  private async programWithFigures(p: LoyaltyProgramRow) {
    return programView(p, (await this.figures([p.id])).get(p.id));
  }

  async program(user: UserRow, id: number) {
    const [p] = await this.db.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.id, id));
    if (!p) throw notFound('programNotFound', `Program ${id} does not exist`);
    mayUse(user, p.kind as LoyaltyKind);
    return p;
  }

  private values(b: LoyaltyProgramBody) {
    return {
      name: b.name,
      kind: b.kind,
      status: b.status,
      points_name: b.kind === 'stamps' ? 'stamps' : b.points_name || 'points',
      foodcourts: b.foodcourts,
      restaurants: b.restaurants,
      channels: b.channels,
      groups: b.groups,
      points: b.kind === 'points' ? b.points : null,
      stamps: b.kind === 'stamps' ? b.stamps : null,
      expiry_days: b.expiry_days,
    };
  }

  async createProgram(b: LoyaltyProgramBody, actor: Actor) {
    mayUse(actor.user, b.kind);
    await checkSites(this.db, actor.user, b);
    const row = await this.db.transaction(async (tx) => {
      const p = await insertAudited(tx, {
        table: loyaltyPrograms,
        values: { ...this.values(b) },
        actor,
        entity: 'loyalty_program',
      });
      return p!;
    });
    forgetPrograms();
    return this.programWithFigures(row);
  }

  async updateProgram(id: number, b: LoyaltyProgramBody, actor: Actor) {
    const before = await this.program(actor.user, id);
    if (b.kind !== before.kind)
      throw badRequest('programKindFixed', 'A program cannot change between points and stamps', { field: 'kind' });
    if (b.version === undefined)
      throw badRequest('versionRequired', 'Send the version you edited', { field: 'version' });
    await checkSites(this.db, actor.user, b);
    const row = await this.db.transaction((tx) =>
      updateVersioned(tx, {
        table: loyaltyPrograms,
        where: eq(loyaltyPrograms.id, id),
        version: b.version!,
        actor,
        entity: 'loyalty_program',
        entityId: String(id),
        what: `Program ${before.name}`,
        before,
        set: this.values(b),
      }),
    );
    forgetPrograms();
    return this.programWithFigures(row);
  }

  async removeProgram(id: number, version: number, actor: Actor) {
    const before = await this.program(actor.user, id);
    const [members] = await this.db
      .select({ n: count() })
      .from(loyaltyAccounts)
      .where(eq(loyaltyAccounts.program_id, id));
    if ((members?.n ?? 0) > 0)
      throw new AppError(
        409,
        'programHasMembers',
        `Program ${before.name} has ${members!.n} members: end it instead of deleting it`,
      );
    const [reward] = await this.db
      .select({ name: loyaltyRewards.name })
      .from(loyaltyRewards)
      .where(eq(loyaltyRewards.program_id, id))
      .limit(1);
    if (reward) throw new AppError(409, 'programHasRewards', `Reward ${reward.name} belongs to program ${before.name}`);
    await this.db.transaction((tx) =>
      deleteVersioned(tx, {
        table: loyaltyPrograms,
        where: eq(loyaltyPrograms.id, id),
        version,
        actor,
        entity: 'loyalty_program',
        entityId: String(id),
        what: `Program ${before.name}`,
        before,
      }),
    );
    forgetPrograms();
  }

  /** Members with their balances, one index range of the program's accounts (200,000 members: see bench/loyalty). */
  async members(
    user: UserRow,
    programId: number,
    query: Partial<ListQuery> & { search?: string },
  ): Promise<ListPage<LoyaltyMember>> {
    await this.program(user, programId);
    const range = listRange(query);
    const cond = and(
      eq(loyaltyAccounts.program_id, programId),
      query.search
        ? ilike(loyaltyAccounts.customer_ref, `${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
        : undefined,
    );
    const dir = query.order === 'desc' ? sql`desc` : sql`asc`;
    const col =
      query.sort === 'balance'
        ? loyaltyAccounts.balance
        : query.sort === 'last_activity'
          ? loyaltyAccounts.last_activity
          : sql`${loyaltyAccounts.customer_ref} collate "C"`;
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select({ a: loyaltyAccounts, name: customers.name })
          .from(loyaltyAccounts)
          .leftJoin(customers, eq(customers.customer_ref, loyaltyAccounts.customer_ref))
          .where(cond)
          // A customer is one account per program: no tie-breaker needed when sorting by them.
          .orderBy(
            ...(query.sort && query.sort !== 'customer_ref'
              ? [sql`${col} ${dir}`, sql`${loyaltyAccounts.id} ${dir}`]
              : [sql`${col} ${dir}`]),
          )
          .$dynamic(),
        range,
      ),
      this.db.select({ n: count() }).from(loyaltyAccounts).where(cond),
    ]);
    return {
      rows: (rows as { a: typeof loyaltyAccounts.$inferSelect; name: string | null }[]).map(({ a, name }) => ({
        customer_ref: a.customer_ref,
        name: name ?? '',
        balance: a.balance,
        earned: a.earned,
        last_activity: a.last_activity.toISOString(),
      })),
      total: total?.n ?? 0,
    };
  }

  async member(user: UserRow, programId: number, ref: string) {
    await this.program(user, programId);
    const [a] = await this.db
      .select({ a: loyaltyAccounts, name: customers.name })
      .from(loyaltyAccounts)
      .leftJoin(customers, eq(customers.customer_ref, loyaltyAccounts.customer_ref))
      .where(and(eq(loyaltyAccounts.program_id, programId), eq(loyaltyAccounts.customer_ref, ref)));
    if (!a) throw notFound('memberNotFound', `${ref} is not a member of this program`);
    const entries = await this.db
      .select({ e: loyaltyLedger, order_number: orders.order_number, reward_name: loyaltyRewards.name })
      .from(loyaltyLedger)
      .leftJoin(orders, eq(orders.id, loyaltyLedger.order_id))
      .leftJoin(loyaltyRewards, eq(loyaltyRewards.id, loyaltyLedger.reward_id))
      .where(eq(loyaltyLedger.account_id, a.a.id))
      .orderBy(desc(loyaltyLedger.id))
      .limit(200);
    return {
      member: {
        customer_ref: ref,
        name: a.name ?? '',
        balance: a.a.balance,
        earned: a.a.earned,
        last_activity: a.a.last_activity.toISOString(),
      },
      entries: entries.map(({ e, order_number, reward_name }): LedgerEntry => ({
        id: e.id,
        entry_type: e.entry_type as LedgerEntry['entry_type'],
        points: e.points,
        order_id: e.order_id,
        order_number: order_number ?? null,
        reward_name: reward_name ?? null,
        code: e.code,
        reason: e.reason,
        actor: e.actor,
        expires_at: e.expires_at?.toISOString() ?? null,
        created_at: e.created_at.toISOString(),
      })),
    };
  }

  /** By hand, with a reason: its own permission, audited (issue 18 point 3). */
  async adjust(programId: number, ref: string, points: number, reason: string, actor: Actor) {
    const p = await this.program(actor.user, programId);
    if (!actor.user.admin && !actor.user.permissions.includes(LOYALTY_ADJUST_PERMISSION))
      throw forbidden('Adjusting points needs the loyalty_adjust permission');
    await this.db.transaction(async (tx) => {
      const account = await accountOf(tx, programId, ref, true);
      await appendEntry(tx, account, { entry_type: 'adjust', points, reason, actor: actor.user.userid });
      await audit(tx, {
        actor: actor.user.userid,
        action: 'adjust',
        entity: 'loyalty_account',
        entityId: `${p.id}:${ref}`,
        before: { balance: account.balance },
        after: { balance: account.balance + points, points, reason },
        ip: actor.ip,
      });
    });
    return (await this.member(actor.user, programId, ref)).member;
  }

  // ---------- rewards ----------

  private rewardSelect() {
    return this.db
      .select({
        r: loyaltyRewards,
        program_name: loyaltyPrograms.name,
        redeemed: sql<number>`(select count(*)::int from ${loyaltyLedger} l where l.reward_id = ${outer(loyaltyRewards.id)} and l.entry_type = 'redeem')`,
        // A free item's name (issue 35: the list said "1 × <foodid> free"), of an item of the program's sites only.
        item_name: sql<
          string | null
        >`(select f.foodname from food_items f join restaurants fr on fr.restaurant = f.restaurant
          where f.foodid = ${outer(loyaltyRewards.reward)}->>'foodid'
            and (${outer(loyaltyPrograms.restaurants)} ? f.restaurant or ${outer(loyaltyPrograms.foodcourts)} ? fr.foodcourt)
          limit 1)`,
      })
      .from(loyaltyRewards)
      .innerJoin(loyaltyPrograms, eq(loyaltyPrograms.id, loyaltyRewards.program_id));
  }

  private rewardView(r: RewardSelected): LoyaltyReward {
    return {
      id: r.r.id,
      program_id: r.r.program_id,
      program_name: r.program_name,
      name: r.r.name,
      active: r.r.active,
      cost: r.r.cost,
      reward: r.r.reward,
      item_name: r.r.reward.kind === 'free_item' ? (r.item_name ?? null) : null,
      valid_days: r.r.valid_days,
      offer_id: r.r.offer_id,
      redeemed: Number(r.redeemed),
      version: r.r.version,
      updated_by: r.r.updated_by,
      updated_at: r.r.updated_at.toISOString(),
    };
  }

  async listRewards(query: Partial<ListQuery> & { search?: string; program_id?: number }) {
    const cond = and(
      query.search ? ilike(loyaltyRewards.name, `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
      query.program_id ? eq(loyaltyRewards.program_id, query.program_id) : undefined,
    );
    const dir = query.order === 'desc' ? sql`desc` : sql`asc`;
    const col =
      query.sort === 'cost'
        ? loyaltyRewards.cost
        : query.sort === 'updated_at'
          ? loyaltyRewards.updated_at
          : sql`lower(${loyaltyRewards.name}) collate "C"`;
    const [rows, [total]] = await Promise.all([
      withRange(
        this.rewardSelect()
          .where(cond)
          .orderBy(sql`${col} ${dir}`, loyaltyRewards.id)
          .$dynamic(),
        listRange(query),
      ),
      this.db.select({ n: count() }).from(loyaltyRewards).where(cond),
    ]);
    return {
      rows: (rows as RewardSelected[]).map((r) => this.rewardView(r)),
      total: total?.n ?? 0,
    };
  }

  async reward(id: number) {
    const [r] = await this.rewardSelect().where(eq(loyaltyRewards.id, id));
    if (!r) throw notFound('rewardNotFound', `Reward ${id} does not exist`);
    return r;
  }

  private offerValues(b: LoyaltyRewardBody, program: LoyaltyProgramRow) {
    return {
      name: `Reward: ${b.name}`,
      description: `Loyalty reward of ${program.name}`,
      trigger: 'code',
      status: b.active ? 'active' : 'paused',
      kind: offerRewardOf(b.reward).kind,
      priority: 500,
      stacking: 'stackable',
      code_mode: 'unique',
      shared_code: '',
      conditions: {
        foodcourts: program.foodcourts,
        restaurants: program.restaurants,
        items: [],
        categories: [],
        channels: [],
        order_types: [],
        sessions: [],
        days: [],
        min_spend: 0,
        groups: [],
        first_order: false,
      },
      reward: offerRewardOf(b.reward),
      limits: {},
    };
  }

  async createReward(b: LoyaltyRewardBody, actor: Actor) {
    const [program] = await this.db.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.id, b.program_id));
    if (!program) throw badRequest('unknownProgram', `Program ${b.program_id} does not exist`, { field: 'program_id' });
    const id = await this.db.transaction(async (tx) => {
      const [offer] = await tx
        .insert(offers)
        .values({ ...this.offerValues(b, program), updated_by: actor.user.userid })
        .returning();
      const r = await insertAudited(tx, {
        table: loyaltyRewards,
        values: {
          program_id: b.program_id,
          name: b.name,
          active: b.active,
          cost: b.cost,
          reward: b.reward,
          valid_days: b.valid_days,
          offer_id: offer!.id,
          updated_by: actor.user.userid,
        },
        actor,
        entity: 'loyalty_reward',
      });
      return r!.id;
    });
    this.offersChanged();
    return this.rewardView(await this.reward(id));
  }

  async updateReward(id: number, b: LoyaltyRewardBody, actor: Actor) {
    const before = (await this.reward(id)).r;
    if (b.version === undefined)
      throw badRequest('versionRequired', 'Send the version you edited', { field: 'version' });
    if (b.program_id !== before.program_id)
      throw badRequest('rewardProgramFixed', 'A reward stays in its program', { field: 'program_id' });
    const [program] = await this.db.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.id, b.program_id));
    await this.db.transaction(async (tx) => {
      await updateVersioned(tx, {
        table: loyaltyRewards,
        where: eq(loyaltyRewards.id, id),
        version: b.version!,
        actor,
        entity: 'loyalty_reward',
        entityId: String(id),
        what: `Reward ${before.name}`,
        before,
        set: { name: b.name, active: b.active, cost: b.cost, reward: b.reward, valid_days: b.valid_days },
      });
      await tx
        .update(offers)
        .set({ ...this.offerValues(b, program!), updated_at: new Date(), updated_by: actor.user.userid })
        .where(eq(offers.id, before.offer_id));
    });
    this.offersChanged();
    return this.rewardView(await this.reward(id));
  }

  async removeReward(id: number, version: number, actor: Actor) {
    const r = await this.reward(id);
    if (Number(r.redeemed) > 0)
      throw new AppError(409, 'rewardRedeemed', `Reward ${r.r.name} was redeemed: make it inactive instead`);
    await this.db.transaction(async (tx) => {
      await deleteVersioned(tx, {
        table: loyaltyRewards,
        where: eq(loyaltyRewards.id, id),
        version,
        actor,
        entity: 'loyalty_reward',
        entityId: String(id),
        what: `Reward ${r.r.name}`,
        before: r.r,
      });
      await tx.delete(offers).where(eq(offers.id, r.r.offer_id));
    });
    this.offersChanged();
  }

  // ---------- the ordering apps ----------

  async balances(customerRef: string) {
    this.balancesStatement ??= prepareBalances(this.db);
    const rows = await this.balancesStatement.execute({ customer: customerRef });
    return rows.map((r) => ({ ...r, kind: r.kind as LoyaltyKind }));
  }

  /**
   * Spends points (or a full card) on a reward: under the account's row lock the balance is read, the points
   * taken and a one-use code of the reward's offer given to the member, valid `valid_days`. A retry with the same
   * idempotency key answers the first code; two redemptions racing for the same points: one is refused.
   */
  async redeem(customerRef: string, rewardId: number, key: string, client: string) {
    const { r, program_name } = await this.reward(rewardId);
    if (!r.active) throw new AppError(409, 'rewardInactive', `Reward ${r.name} is not offered now`);
    const [program] = await this.db.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.id, r.program_id));
    if (program!.status !== 'active')
      throw new AppError(409, 'programNotActive', `Program ${program_name} is ${program!.status}`);
    const done = await this.db.transaction(async (tx) => {
      const account = await accountOf(tx, r.program_id, customerRef, true);
      const [earlier] = await tx
        .select()
        .from(loyaltyLedger)
        .where(and(eq(loyaltyLedger.account_id, account.id), eq(loyaltyLedger.idempotency_key, key)));
      if (earlier) {
        if (earlier.reward_id !== r.id)
          throw new AppError(409, 'idempotencyKeyReused', 'This idempotency key was used for another redemption');
        return { code: earlier.code, balance: account.balance, replayed: true };
      }
      if (account.balance < r.cost)
        throw new AppError(
          409,
          'notEnoughPoints',
          `${customerRef} has ${account.balance} ${program!.points_name}; ${r.name} needs ${r.cost}`,
          { balance: account.balance },
        );
      const [made] = await insertUniqueCodes(tx, r.offer_id, 1, 'R', [customerRef]);
      const expires = new Date(Date.now() + r.valid_days * 86_400_000);
      await tx.update(offerCodes).set({ expires_at: expires }).where(eq(offerCodes.code, made!.code));
      await appendEntry(tx, account, {
        entry_type: 'redeem',
        points: -r.cost,
        reward_id: r.id,
        code: made!.code,
        idempotency_key: key,
        actor: client,
      });
      return { code: made!.code, balance: account.balance - r.cost, replayed: false };
    });
    const [code] = await this.db
      .select({ expires_at: offerCodes.expires_at })
      .from(offerCodes)
      .where(eq(offerCodes.code, done.code));
    const expiresAt = code?.expires_at ?? new Date();
    return { ...done, offer_id: r.offer_id, expires_at: expiresAt.toISOString(), reward: r.name };
  }
}
