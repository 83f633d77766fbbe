import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  CUSTOMER_GROUP_KINDS,
  type CustomerGroup,
  type Customer,
  type GroupBody,
  type GroupRule,
  type GROUP_SORT,
  type ListQuery,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  campaigns,
  customerGroupMembers,
  customerGroups,
  customers,
  orders,
  type CustomerGroupRow,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import {
  exact,
  listOrder,
  listRange,
  listSearch,
  text,
  withRange,
  type ListPage,
  type ListSpec,
} from '../../lib/list-query.js';
import { loadSiteScope, sitesWithin } from '../../lib/site-scope.js';
import { deleteVersioned, updateVersioned } from '../../lib/versioned.js';

const GROUP_LIST: ListSpec<(typeof GROUP_SORT)[number]> = {
  sortable: {
    name: text(customerGroups.name),
    kind: customerGroups.kind,
    member_count: customerGroups.member_count,
    updated_at: customerGroups.updated_at,
  },
  defaultSort: [text(customerGroups.name)],
  key: customerGroups.id,
  search: [customerGroups.name, customerGroups.description],
};

export const groupView = (r: CustomerGroupRow): CustomerGroup => ({
  id: r.id,
  name: r.name,
  description: r.description,
  kind: r.kind as CustomerGroup['kind'],
  rule: r.rule ?? null,
  member_count: r.member_count,
  refreshed_at: r.refreshed_at?.toISOString() ?? null,
  version: r.version,
  updated_by: r.updated_by,
  updated_at: r.updated_at.toISOString(),
});

/**
 * The customers a rule matches: those who ordered (not cancelled) at its sites in its last `days` days, at least
 * `min_orders` times, for at least `min_spend` after refunds. One grouped scan of the orders of those days.
 */
export function ruleMembersSql(rule: GroupRule): SQL {
  const where: SQL[] = [
    sql`o.customer_ref <> ''`,
    sql`o.business_date >= current_date - ${rule.days}::int`,
    sql`o.status <> 'cancelled'`,
  ];
  const sites: SQL[] = [];
  if (rule.foodcourts.length) sites.push(sql`o.foodcourt in ${rule.foodcourts}`);
  if (rule.restaurants.length) sites.push(sql`o.restaurant in ${rule.restaurants}`);
  if (sites.length) where.push(sql`(${sql.join(sites, sql` or `)})`);
  if (rule.channels.length) where.push(sql`o.channel in ${rule.channels}`);
  return sql`select o.customer_ref from ${orders} o where ${sql.join(where, sql` and `)}
    group by o.customer_ref
    having count(*) >= ${rule.min_orders} and sum(o.total - o.refunded) >= ${rule.min_spend}`;
}

type GroupListQuery = Partial<ListQuery> & { search?: string; kind?: (typeof CUSTOMER_GROUP_KINDS)[number] };

export class GroupsService {
  constructor(private readonly db: Db) {}

  private async checkRuleSites(user: Actor['user'], rule: GroupRule | null) {
    if (!rule) return;
    const scope = await loadSiteScope(this.db, user);
    if (!sitesWithin(scope, { locations: [], foodcourts: rule.foodcourts, restaurants: rule.restaurants }))
      throw forbidden('The rule names a site you do not have');
    if (!scope.all && rule.foodcourts.length === 0 && rule.restaurants.length === 0)
      throw badRequest('ruleSitesRequired', 'Choose the sites of the rule (you do not have every site)', {
        field: 'rule.foodcourts',
      });
  }

  async list(query: GroupListQuery, range = listRange(query)): Promise<ListPage<CustomerGroup>> {
    const cond = and(
      listSearch(GROUP_LIST, query.search),
      query.kind ? eq(customerGroups.kind, query.kind) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select()
          .from(customerGroups)
          .where(cond)
          .orderBy(...listOrder(GROUP_LIST, { order: 'asc', ...query }))
          .$dynamic(),
        range,
      ),
      this.db.select({ n: count() }).from(customerGroups).where(cond),
    ]);
    return { rows: (rows as CustomerGroupRow[]).map(groupView), total: total?.n ?? 0 };
  }

  async get(id: number): Promise<CustomerGroupRow> {
    const [row] = await this.db.select().from(customerGroups).where(eq(customerGroups.id, id));
    if (!row) throw notFound('groupNotFound', `Group ${id} does not exist`);
    return row;
  }

  /** The live count of a rule while it is edited: only a rule the user could save (sites of theirs) is counted. */
  async count(rule: GroupRule, user: Actor['user']): Promise<number> {
    await this.checkRuleSites(user, rule);
    const result = (await this.db.execute(
      sql`select count(*)::int as n from (${ruleMembersSql(rule)}) m`,
    )) as unknown as {
      rows: { n: number }[];
    };
    return Number(result.rows[0]?.n ?? 0);
  }

  /** A rule group's members now: replaced in one transaction, counted and stamped. */
  async refresh(tx: DbOrTx, row: CustomerGroupRow): Promise<CustomerGroupRow> {
    if (row.kind !== 'rule' || !row.rule) throw badRequest('notRuleGroup', 'Only a rule group is refreshed');
    await tx.delete(customerGroupMembers).where(eq(customerGroupMembers.group_id, row.id));
    await tx.execute(sql`insert into ${customerGroupMembers} (group_id, customer_ref)
      select ${row.id}::int, m.customer_ref from (${ruleMembersSql(row.rule)}) m`);
    const [n] = await tx
      .select({ n: count() })
      .from(customerGroupMembers)
      .where(eq(customerGroupMembers.group_id, row.id));
    const [saved] = await tx
      .update(customerGroups)
      .set({ member_count: n?.n ?? 0, refreshed_at: new Date() })
      .where(eq(customerGroups.id, row.id))
      .returning();
    return saved!;
  }

  /**
   * The sites a group belongs to (what row-level security and the lists go by): a rule group's are its rule's; a
   * static group made by a user with every site belongs to every site, one made by anyone else to their sites.
   */
  private async sitesOf(
    user: Actor['user'],
    body: GroupBody,
  ): Promise<{ foodcourts: string[]; restaurants: string[] }> {
    if (body.kind === 'rule' && body.rule)
      return { foodcourts: body.rule.foodcourts, restaurants: body.rule.restaurants };
    const scope = await loadSiteScope(this.db, user);
    if (scope.all) return { foodcourts: [], restaurants: [] };
    const foodcourts = [...scope.foodcourts];
    const restaurants = [...scope.restaurants].filter((r) => !scope.foodcourts.has(r.split(':')[0]!));
    return { foodcourts, restaurants };
  }

  async create(body: GroupBody, actor: Actor): Promise<CustomerGroup> {
    await this.checkRuleSites(actor.user, body.kind === 'rule' ? body.rule : null);
    const sites = await this.sitesOf(actor.user, body);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(customerGroups)
        .values({
          name: body.name,
          description: body.description,
          kind: body.kind,
          ...sites,
          rule: body.kind === 'rule' ? body.rule : null,
          updated_by: actor.user.userid,
        })
        .returning();
      const saved = body.kind === 'rule' ? await this.refresh(tx, row!) : row!;
      await audit(tx, {
        actor: actor.user.userid,
        action: 'create',
        entity: 'customer_group',
        entityId: String(row!.id),
        after: saved,
        ip: actor.ip,
      });
      return groupView(saved);
    });
  }

  async update(id: number, body: GroupBody, actor: Actor): Promise<CustomerGroup> {
    const before = await this.get(id);
    if (body.kind !== before.kind)
      throw badRequest('groupKindFixed', 'A group cannot change between a static list and a rule', { field: 'kind' });
    if (body.version === undefined)
      throw badRequest('versionRequired', 'Send the version you edited', { field: 'version' });
    await this.checkRuleSites(actor.user, body.kind === 'rule' ? body.rule : null);
    return this.db.transaction(async (tx) => {
      const row = await updateVersioned(tx, {
        table: customerGroups,
        where: eq(customerGroups.id, id),
        version: body.version!,
        actor,
        entity: 'customer_group',
        entityId: String(id),
        what: `Group ${before.name}`,
        before,
        set: {
          name: body.name,
          description: body.description,
          rule: body.kind === 'rule' ? body.rule : null,
          // A rule group follows its rule; a static group keeps the sites it was made for.
          ...(body.kind === 'rule' && body.rule
            ? { foodcourts: body.rule.foodcourts, restaurants: body.rule.restaurants }
            : {}),
        },
      });
      return groupView(row.kind === 'rule' ? await this.refresh(tx, row) : row);
    });
  }

  async remove(id: number, version: number, actor: Actor) {
    const before = await this.get(id);
    const [used] = await this.db
      .select({ name: campaigns.name })
      .from(campaigns)
      .where(eq(campaigns.group_id, id))
      .limit(1);
    if (used)
      throw new AppError(
        409,
        'groupInUse',
        `Group ${before.name} is the audience of campaign ${used.name}: delete the campaign first`,
      );
    const offersUsing = (await this.db.execute(
      sql`select name from offers where conditions->'groups' @> ${JSON.stringify([id])}::jsonb limit 1`,
    )) as unknown as { rows: { name: string }[] };
    if (offersUsing.rows[0])
      throw new AppError(409, 'groupInUse', `Group ${before.name} is a condition of offer ${offersUsing.rows[0].name}`);
    await this.db.transaction((tx) =>
      deleteVersioned(tx, {
        table: customerGroups,
        where: eq(customerGroups.id, id),
        version,
        actor,
        entity: 'customer_group',
        entityId: String(id),
        what: `Group ${before.name}`,
        before,
      }),
    );
  }

  async members(id: number, query: Partial<ListQuery> & { search?: string }): Promise<ListPage<Customer>> {
    await this.get(id);
    const range = listRange(query);
    const like = query.search?.trim() ? `%${query.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const cond = and(
      eq(customerGroupMembers.group_id, id),
      like ? sql`(${customerGroupMembers.customer_ref} ilike ${like} or ${customers.name} ilike ${like})` : undefined,
    );
    const sortBy =
      query.sort === 'name'
        ? sql`lower(${customers.name}) collate "C"`
        : exact(customerGroupMembers.customer_ref as never);
    const dir = query.order === 'desc' ? sql`desc` : sql`asc`;
    const base = this.db
      .select({
        customer_ref: customerGroupMembers.customer_ref,
        name: customers.name,
        email: customers.email,
        phone: customers.phone,
        marketing_opt_in: customers.marketing_opt_in,
      })
      .from(customerGroupMembers)
      .leftJoin(customers, eq(customers.customer_ref, customerGroupMembers.customer_ref))
      .where(cond)
      .orderBy(sql`${sortBy} ${dir}`, sql`${customerGroupMembers.customer_ref} collate "C"`)
      .$dynamic();
    const [rows, [total]] = await Promise.all([
      withRange(base, range),
      this.db
        .select({ n: count() })
        .from(customerGroupMembers)
        .leftJoin(customers, eq(customers.customer_ref, customerGroupMembers.customer_ref))
        .where(cond),
    ]);
    return {
      rows: (
        rows as {
          customer_ref: string;
          name: string | null;
          email: string | null;
          phone: string | null;
          marketing_opt_in: boolean | null;
        }[]
      ).map((r) => ({
        customer_ref: r.customer_ref,
        name: r.name ?? '',
        email: r.email ?? '',
        phone: r.phone ?? '',
        marketing_opt_in: r.marketing_opt_in ?? true,
      })),
      total: total?.n ?? 0,
    };
  }

  /**
   * A static group's members from an import: customers are created or updated with the columns given, and the
   * members appended or replaced, all in one transaction. Rows with errors are reported and skipped.
   */
  async importMembers(
    id: number,
    rows: {
      row: number;
      customer_ref: string;
      name?: string;
      email?: string;
      phone?: string;
      marketing_opt_in?: boolean;
    }[],
    mode: 'append' | 'replace',
    actor: Actor,
  ) {
    const group = await this.get(id);
    if (group.kind !== 'static') throw badRequest('notStaticGroup', 'Members are imported into a static group only');
    return this.db.transaction(async (tx) => {
      let removed = 0;
      if (mode === 'replace') {
        const gone = await tx.delete(customerGroupMembers).where(eq(customerGroupMembers.group_id, id)).returning();
        removed = gone.length;
      }
      let added = 0;
      for (let i = 0; i < rows.length; i += 1000) {
        const chunk = rows.slice(i, i + 1000);
        await tx
          .insert(customers)
          .values(
            chunk.map((r) => ({
              customer_ref: r.customer_ref,
              name: r.name ?? '',
              email: r.email ?? '',
              phone: r.phone ?? '',
              marketing_opt_in: r.marketing_opt_in ?? true,
            })),
          )
          .onConflictDoUpdate({
            target: customers.customer_ref,
            // Only the columns the file has: an import of refs alone keeps what is known of each customer.
            set: {
              name: sql`case when excluded.name <> '' then excluded.name else ${customers.name} end`,
              email: sql`case when excluded.email <> '' then excluded.email else ${customers.email} end`,
              phone: sql`case when excluded.phone <> '' then excluded.phone else ${customers.phone} end`,
              marketing_opt_in: sql`excluded.marketing_opt_in`,
              updated_at: new Date(),
            },
          });
        const inserted = await tx
          .insert(customerGroupMembers)
          .values(chunk.map((r) => ({ group_id: id, customer_ref: r.customer_ref })))
          .onConflictDoNothing()
          .returning();
        added += inserted.length;
      }
      const [n] = await tx
        .select({ n: count() })
        .from(customerGroupMembers)
        .where(eq(customerGroupMembers.group_id, id));
      await tx
        .update(customerGroups)
        .set({
          member_count: n?.n ?? 0,
          updated_at: new Date(),
          updated_by: actor.user.userid,
          version: sql`${customerGroups.version} + 1`,
        })
        .where(eq(customerGroups.id, id));
      await audit(tx, {
        actor: actor.user.userid,
        action: 'import',
        entity: 'customer_group',
        entityId: String(id),
        after: { mode, rows: rows.length, added, removed },
        ip: actor.ip,
      });
      return { added, removed, member_count: n?.n ?? 0 };
    });
  }

  /** Groups of a customer (for the quote). */
  async groupsOf(db: DbOrTx, customerRef: string): Promise<number[]> {
    if (!customerRef) return [];
    const rows = await db
      .select({ id: customerGroupMembers.group_id })
      .from(customerGroupMembers)
      .where(eq(customerGroupMembers.customer_ref, customerRef));
    return rows.map((r) => r.id);
  }

  /** Refreshes every rule group (the periodic task). */
  async refreshAll() {
    const rows = await this.db.select().from(customerGroups).where(eq(customerGroups.kind, 'rule'));
    for (const row of rows) await this.db.transaction((tx) => this.refresh(tx, row));
    return rows.length;
  }

  async namesOf(ids: number[]) {
    if (!ids.length) return new Map<number, string>();
    const rows = await this.db
      .select({ id: customerGroups.id, name: customerGroups.name })
      .from(customerGroups)
      .where(inArray(customerGroups.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
