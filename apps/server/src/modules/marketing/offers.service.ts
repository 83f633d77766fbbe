import crypto from 'node:crypto';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  CODE_ALPHABET,
  describeReward,
  fromMilli,
  normaliseCode,
  toMilli,
  type EngineOffer,
  type ListQuery,
  type Offer,
  type OfferBody,
  type OFFER_SORT,
  type OfferStatus,
  type OfferTrigger,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import { offerCodes, offerRedemptions, offers, orders, type OfferRow, type UserRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import {
  listOrder,
  listRange,
  listSearch,
  text,
  withRange,
  type ListPage,
  type ListSpec,
} from '../../lib/list-query.js';
import { loadSiteScope, type SiteScope } from '../../lib/site-scope.js';
import { deleteVersioned, updateVersioned } from '../../lib/versioned.js';
import { checkSites, visibleTo } from './marketing-common.js';
import { outer } from '../../lib/outer-column.js';

const OFFER_LIST: ListSpec<(typeof OFFER_SORT)[number]> = {
  sortable: {
    name: text(offers.name),
    status: offers.status,
    priority: offers.priority,
    uses: offers.uses,
    spent: offers.spent,
    updated_at: offers.updated_at,
  },
  defaultSort: [sql`-${offers.priority}`, text(offers.name)],
  key: offers.id,
  search: [offers.name, offers.description, offers.shared_code],
};

export const offerView = (r: OfferRow, codes = 0): Offer => ({
  id: r.id,
  name: r.name,
  description: r.description,
  trigger: r.trigger as OfferTrigger,
  status: r.status as OfferStatus,
  priority: r.priority,
  stacking: r.stacking as Offer['stacking'],
  code_mode: r.code_mode as Offer['code_mode'],
  shared_code: r.shared_code,
  conditions: r.conditions,
  reward: r.reward,
  limits: r.limits,
  kind: r.reward.kind,
  summary: describeReward(r.reward),
  uses: r.uses,
  spent: Number(r.spent),
  codes,
  version: r.version,
  updated_by: r.updated_by,
  updated_at: r.updated_at.toISOString(),
});

export const engineOffer = (r: OfferRow): EngineOffer => ({
  id: r.id,
  name: r.name,
  trigger: r.trigger as OfferTrigger,
  status: r.status as OfferStatus,
  priority: r.priority,
  stacking: r.stacking as EngineOffer['stacking'],
  conditions: r.conditions,
  reward: r.reward,
  limits: r.limits,
  used: { total: r.uses, by_customer: 0, spent: Number(r.spent) },
});

/** The offers a scoped user may see: all their sites named, at least one. */
export function scopeFilter(scope: SiteScope): SQL | undefined {
  if (scope.all) return undefined;
  const fcs = JSON.stringify([...scope.foodcourts]);
  const rests = JSON.stringify([...scope.restaurants]);
  return sql`(${offers.conditions}->'foodcourts') <@ ${fcs}::jsonb and (${offers.conditions}->'restaurants') <@ ${rests}::jsonb
    and (jsonb_array_length(${offers.conditions}->'foodcourts') > 0 or jsonb_array_length(${offers.conditions}->'restaurants') > 0)`;
}

const codeTaken = (code: string, offer: string) =>
  new AppError(409, 'codeTaken', `The code ${code} is already a code of ${offer}`, { field: 'shared_code' });

type OfferListQuery = Partial<ListQuery> & {
  search?: string;
  trigger?: OfferTrigger;
  status?: OfferStatus;
  kind?: string;
};

export class OffersService {
  /** Called after every change (the quote's offer book reloads). */
  constructor(
    private readonly db: Db,
    private readonly changed: () => void = () => {},
  ) {}

  async list(user: UserRow, query: OfferListQuery, range = listRange(query)): Promise<ListPage<Offer>> {
    const scope = await loadSiteScope(this.db, user);
    const cond = and(
      listSearch(OFFER_LIST, query.search),
      query.trigger ? eq(offers.trigger, query.trigger) : undefined,
      query.status ? eq(offers.status, query.status) : undefined,
      query.kind ? eq(offers.kind, query.kind) : undefined,
      scopeFilter(scope),
    );
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select({
            offer: offers,
            codes: sql<number>`(select count(*)::int from ${offerCodes} c where c.offer_id = ${outer(offers.id)} and not c.shared)`,
          })
          .from(offers)
          .where(cond)
          .orderBy(...listOrder(OFFER_LIST, { order: 'asc', ...query }))
          .$dynamic(),
        range,
      ),
      this.db.select({ n: count() }).from(offers).where(cond),
    ]);
    return {
      rows: (rows as { offer: OfferRow; codes: number }[]).map((r) => offerView(r.offer, Number(r.codes))),
      total: total?.n ?? 0,
    };
  }

  /** An offer the user may see (404 otherwise: a scoped user does not learn of others' offers). */
  async get(user: UserRow, id: number): Promise<OfferRow> {
    const [row] = await this.db.select().from(offers).where(eq(offers.id, id));
    const scope = await loadSiteScope(this.db, user);
    if (!row || !visibleTo(scope, row.conditions)) throw notFound('offerNotFound', `Offer ${id} does not exist`);
    return row;
  }

  private async checkBody(body: OfferBody, user: UserRow) {
    await checkSites(this.db, user, body.conditions);
    if (body.conditions.groups.length) {
      const found = (await this.db.execute(
        sql`select id from customer_groups where id in ${body.conditions.groups}`,
      )) as unknown as { rows: { id: number }[] };
      const missing = body.conditions.groups.filter((g) => !found.rows.some((r) => Number(r.id) === g));
      if (missing.length)
        throw badRequest('unknownGroup', `Group ${missing.join(', ')} does not exist`, { field: 'conditions.groups' });
    }
  }

  private async saveSharedCode(tx: DbOrTx, row: OfferRow) {
    await tx.delete(offerCodes).where(and(eq(offerCodes.offer_id, row.id), eq(offerCodes.shared, true)));
    if (row.trigger !== 'code' || row.code_mode !== 'shared' || !row.shared_code) return;
    const code = normaliseCode(row.shared_code);
    const [clash] = await tx
      .select({ name: offers.name })
      .from(offerCodes)
      .innerJoin(offers, eq(offers.id, offerCodes.offer_id))
      .where(eq(offerCodes.code, code));
    if (clash) throw codeTaken(code, clash.name);
    await tx.insert(offerCodes).values({ code, offer_id: row.id, shared: true });
  }

  private values(body: OfferBody) {
    return {
      name: body.name,
      description: body.description,
      trigger: body.trigger,
      status: body.status,
      kind: body.reward.kind,
      priority: body.priority,
      stacking: body.stacking,
      code_mode: body.trigger === 'code' ? body.code_mode : 'shared',
      shared_code: body.trigger === 'code' && body.code_mode === 'shared' ? normaliseCode(body.shared_code) : '',
      conditions: body.conditions,
      reward: body.reward,
      limits: body.limits,
    };
  }

  async create(body: OfferBody, actor: Actor): Promise<Offer> {
    await this.checkBody(body, actor.user);
    const saved = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(offers)
        .values({ ...this.values(body), updated_by: actor.user.userid })
        .returning();
      await this.saveSharedCode(tx, row!);
      await audit(tx, {
        actor: actor.user.userid,
        action: 'create',
        entity: 'offer',
        entityId: String(row!.id),
        after: row,
        ip: actor.ip,
      });
      return row!;
    });
    this.changed();
    return offerView(saved);
  }

  async update(id: number, body: OfferBody, actor: Actor): Promise<Offer> {
    const before = await this.get(actor.user, id);
    if (body.version === undefined)
      throw badRequest('versionRequired', 'Send the version you edited', { field: 'version' });
    if (body.trigger !== before.trigger)
      throw badRequest('offerTriggerFixed', 'An offer cannot move between codes and automatic', { field: 'trigger' });
    await this.checkBody(body, actor.user);
    const saved = await this.db.transaction(async (tx) => {
      const row = await updateVersioned(tx, {
        table: offers,
        where: eq(offers.id, id),
        version: body.version!,
        actor,
        entity: 'offer',
        entityId: String(id),
        what: `Offer ${before.name}`,
        before,
        set: this.values(body),
      });
      await this.saveSharedCode(tx, row);
      return row;
    });
    this.changed();
    const [codes] = await this.db
      .select({ n: count() })
      .from(offerCodes)
      .where(and(eq(offerCodes.offer_id, id), eq(offerCodes.shared, false)));
    return offerView(saved, codes?.n ?? 0);
  }

  async remove(user: UserRow, id: number, version: number, actor: Actor) {
    const before = await this.get(user, id);
    if (before.uses > 0)
      throw new AppError(
        409,
        'offerUsed',
        `Offer ${before.name} was used ${before.uses} times: end it instead of deleting it`,
      );
    const [campaign] = (
      (await this.db.execute(sql`select name from campaigns where offer_id = ${id} limit 1`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows;
    if (campaign) throw new AppError(409, 'offerInUse', `Offer ${before.name} is carried by campaign ${campaign.name}`);
    await this.db.transaction((tx) =>
      deleteVersioned(tx, {
        table: offers,
        where: eq(offers.id, id),
        version,
        actor,
        entity: 'offer',
        entityId: String(id),
        what: `Offer ${before.name}`,
        before,
      }),
    );
    this.changed();
  }

  /** Unique codes: `count` new codes of 8 random characters (after the prefix), never one that exists. */
  async generateCodes(user: UserRow, id: number, n: number, prefix: string, actor: Actor, customerRefs: string[] = []) {
    const offer = await this.get(user, id);
    if (offer.trigger !== 'code' || offer.code_mode !== 'unique')
      throw badRequest('notUniqueCodes', 'Codes are generated for a promotion with unique codes only');
    return this.db.transaction(async (tx) => {
      const generated = await insertUniqueCodes(tx, id, n, prefix, customerRefs);
      await audit(tx, {
        actor: actor.user.userid,
        action: 'generate_codes',
        entity: 'offer',
        entityId: String(id),
        after: { count: generated.length, prefix },
        ip: actor.ip,
      });
      const [total] = await tx
        .select({ n: count() })
        .from(offerCodes)
        .where(and(eq(offerCodes.offer_id, id), eq(offerCodes.shared, false)));
      return { generated: generated.length, codes: total?.n ?? 0 };
    });
  }

  async codes(
    user: UserRow,
    id: number,
    query: Partial<ListQuery> & { used?: 'true' | 'false' },
    range = listRange(query),
  ) {
    await this.get(user, id);
    const cond = and(
      eq(offerCodes.offer_id, id),
      eq(offerCodes.shared, false),
      query.used === 'true' ? sql`${offerCodes.uses} > 0` : query.used === 'false' ? eq(offerCodes.uses, 0) : undefined,
      query.search
        ? sql`${offerCodes.code} ilike ${`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
        : undefined,
    );
    const col =
      query.sort === 'uses'
        ? offerCodes.uses
        : query.sort === 'created_at'
          ? offerCodes.created_at
          : sql`${offerCodes.code} collate "C"`;
    const dir = query.order === 'desc' ? sql`desc` : sql`asc`;
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select()
          .from(offerCodes)
          .where(cond)
          .orderBy(sql`${col} ${dir}`, sql`${offerCodes.code} collate "C"`)
          .$dynamic(),
        range,
      ),
      this.db.select({ n: count() }).from(offerCodes).where(cond),
    ]);
    return {
      rows: (rows as (typeof offerCodes.$inferSelect)[]).map((r) => ({
        code: r.code,
        customer_ref: r.customer_ref,
        uses: r.uses,
        created_at: r.created_at.toISOString(),
      })),
      total: total?.n ?? 0,
    };
  }

  async results(user: UserRow, id: number) {
    const offer = await this.get(user, id);
    const summary = (await this.db.execute(sql`
      select count(*)::int as uses, count(distinct nullif(r.customer_ref, ''))::int as customers,
             coalesce(sum(r.amount), 0)::text as discount, coalesce(sum(o.total - o.refunded), 0)::text as revenue
      from ${offerRedemptions} r join ${orders} o on o.id = r.order_id where r.offer_id = ${id}`)) as unknown as {
      rows: { uses: number; customers: number; discount: string; revenue: string }[];
    };
    const days = (await this.db.execute(sql`
      select business_date::text as date, count(*)::int as uses, sum(amount)::text as discount
      from ${offerRedemptions} where offer_id = ${id} group by business_date order by business_date desc limit 90`)) as unknown as {
      rows: { date: string; uses: number; discount: string }[];
    };
    const s = summary.rows[0]!;
    return {
      result: 'success' as const,
      offer_id: id,
      uses: Number(s.uses),
      customers: Number(s.customers),
      discount: Number(s.discount),
      revenue: Number(s.revenue),
      budget_left:
        offer.limits.budget !== undefined
          ? fromMilli(Math.max(0, toMilli(offer.limits.budget) - toMilli(offer.spent)))
          : null,
      by_day: days.rows.map((d) => ({ date: d.date, uses: Number(d.uses), discount: Number(d.discount) })),
    };
  }
}

/**
 * Inserts `n` fresh unique codes of an offer (a code that collides is drawn again); with `refs`, one code for each
 * customer named (n = refs.length). Answers the codes made, by customer when refs are given.
 */
export async function insertUniqueCodes(tx: DbOrTx, offerId: number, n: number, prefix: string, refs: string[] = []) {
  const random = (len: number) => {
    const bytes = crypto.randomBytes(len);
    let s = '';
    for (let i = 0; i < len; i++) s += CODE_ALPHABET[bytes[i]! % CODE_ALPHABET.length];
    return s;
  };
  let pending: string[] = refs.length ? [...refs] : Array.from({ length: n }, () => '');
  const made: { code: string; customer_ref: string }[] = [];
  for (let attempt = 0; pending.length > 0 && attempt < 5; attempt++) {
    const next: string[] = [];
    for (let i = 0; i < pending.length; i += 2000) {
      const batch = pending.slice(i, i + 2000).map((ref) => ({
        code: normaliseCode(prefix) + random(8),
        offer_id: offerId,
        customer_ref: ref,
      }));
      const inserted = await tx
        .insert(offerCodes)
        .values(batch)
        .onConflictDoNothing()
        .returning({ code: offerCodes.code, customer_ref: offerCodes.customer_ref });
      made.push(...inserted);
      const got = new Set(inserted.map((r) => r.code));
      for (const b of batch) if (!got.has(b.code)) next.push(b.customer_ref);
    }
    pending = next;
  }
  if (pending.length > 0)
    throw new AppError(409, 'codesExhausted', 'Could not make that many distinct codes: use a longer prefix');
  return made;
}
