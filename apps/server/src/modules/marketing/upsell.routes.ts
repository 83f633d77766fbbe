import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  exportQuerySchema,
  messageAnswer,
  upsellListAnswer,
  upsellListQuery,
  upsellResultsAnswer,
  upsellRuleAnswer,
  upsellRuleBody,
  versionQuery,
  UPSELL_SORT,
  type ListQuery,
  type UpsellRule,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { upsellRules, type UpsellRuleRow, type UserRow } from '../../db/schema/index.js';
import { actorOf, type Actor } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/errors.js';
import {
  listAnswer,
  listOrder,
  listRange,
  listSearch,
  text,
  withRange,
  type ListPage,
  type ListRange,
  type ListSpec,
} from '../../lib/list-query.js';
import { loadSiteScope } from '../../lib/site-scope.js';
import { needsPage } from '../../plugins/permissions.js';
import { deleteVersioned, updateVersioned, insertAudited } from '../../lib/versioned.js';
import type { ListExport } from '../list-export/index.js';
import { checkSites, idParam, visibleTo } from './marketing-common.js';
import type { OfferBook } from './quote.js';

const tags = ['marketing'];
const page = needsPage('upselling-items');
const upsellExportQuery = exportQuerySchema(UPSELL_SORT, { active: z.enum(['true', 'false']).optional() });

const LIST: ListSpec<(typeof UPSELL_SORT)[number]> = {
  sortable: { name: text(upsellRules.name), priority: upsellRules.priority, updated_at: upsellRules.updated_at },
  defaultSort: [sql`-${upsellRules.priority}`, text(upsellRules.name)],
  key: upsellRules.id,
  search: [upsellRules.name],
};

const view = (r: UpsellRuleRow): UpsellRule => ({
  id: r.id,
  name: r.name,
  active: r.active,
  foodcourts: r.foodcourts,
  restaurants: r.restaurants,
  trigger_items: r.trigger_items,
  sessions: r.sessions as UpsellRule['sessions'],
  channels: r.channels as UpsellRule['channels'],
  suggestions: r.suggestions,
  placement: r.placement as UpsellRule['placement'],
  max_shown: r.max_shown,
  priority: r.priority,
  version: r.version,
  updated_by: r.updated_by,
  updated_at: r.updated_at.toISOString(),
});

export class UpsellService {
  constructor(
    private readonly db: Db,
    private readonly changed: () => void = () => {},
  ) {}

  async list(
    user: UserRow,
    query: Partial<ListQuery> & { search?: string; active?: 'true' | 'false' },
    range: ListRange = listRange(query),
  ): Promise<ListPage<UpsellRule>> {
    const scope = await loadSiteScope(this.db, user);
    const cond = and(
      listSearch(LIST, query.search),
      query.active ? eq(upsellRules.active, query.active === 'true') : undefined,
      scope.all
        ? undefined
        : sql`${upsellRules.foodcourts} <@ ${JSON.stringify([...scope.foodcourts])}::jsonb and ${upsellRules.restaurants} <@ ${JSON.stringify([...scope.restaurants])}::jsonb
              and (jsonb_array_length(${upsellRules.foodcourts}) > 0 or jsonb_array_length(${upsellRules.restaurants}) > 0)`,
    );
    const [rows, [total]] = await Promise.all([
      withRange(
        this.db
          .select()
          .from(upsellRules)
          .where(cond)
          .orderBy(...listOrder(LIST, { order: 'asc', ...query }))
          .$dynamic(),
        range,
      ),
      this.db.select({ n: count() }).from(upsellRules).where(cond),
    ]);
    return { rows: (rows as UpsellRuleRow[]).map(view), total: total?.n ?? 0 };
  }

  async get(user: UserRow, id: number) {
    const [row] = await this.db.select().from(upsellRules).where(eq(upsellRules.id, id));
    if (!row || !visibleTo(await loadSiteScope(this.db, user), row))
      throw notFound('upsellRuleNotFound', `Upsell rule ${id} does not exist`);
    return row;
  }

  private values(b: z.output<typeof upsellRuleBody>) {
    return {
      name: b.name,
      active: b.active,
      foodcourts: b.foodcourts,
      restaurants: b.restaurants,
      trigger_items: b.trigger_items,
      sessions: b.sessions,
      channels: b.channels,
      suggestions: b.suggestions,
      placement: b.placement,
      max_shown: b.max_shown,
      priority: b.priority,
    };
  }

  async create(b: z.output<typeof upsellRuleBody>, actor: Actor) {
    await checkSites(this.db, actor.user, b);
    const row = await this.db.transaction(async (tx) => {
      const r = await insertAudited(tx, {
        table: upsellRules,
        values: { ...this.values(b) },
        actor,
        entity: 'upsell_rule',
      });
      return r!;
    });
    this.changed();
    return view(row);
  }

  async update(id: number, b: z.output<typeof upsellRuleBody>, actor: Actor) {
    const before = await this.get(actor.user, id);
    if (b.version === undefined)
      throw badRequest('versionRequired', 'Send the version you edited', { field: 'version' });
    await checkSites(this.db, actor.user, b);
    const row = await this.db.transaction((tx) =>
      updateVersioned(tx, {
        table: upsellRules,
        where: eq(upsellRules.id, id),
        version: b.version!,
        actor,
        entity: 'upsell_rule',
        entityId: String(id),
        what: `Rule ${before.name}`,
        before,
        set: this.values(b),
      }),
    );
    this.changed();
    return view(row);
  }

  async remove(id: number, version: number, actor: Actor) {
    const before = await this.get(actor.user, id);
    await this.db.transaction((tx) =>
      deleteVersioned(tx, {
        table: upsellRules,
        where: eq(upsellRules.id, id),
        version,
        actor,
        entity: 'upsell_rule',
        entityId: String(id),
        what: `Rule ${before.name}`,
        before,
      }),
    );
    this.changed();
  }

  /** Take-up from orders: of the orders in scope with a trigger item (any order without triggers), those with a suggestion. */
  async results(user: UserRow, id: number, days: number) {
    const r = await this.get(user, id);
    const scope: ReturnType<typeof sql>[] = [];
    if (r.foodcourts.length) scope.push(sql`o.foodcourt in ${r.foodcourts}`);
    if (r.restaurants.length) scope.push(sql`o.restaurant in ${r.restaurants}`);
    const where = sql`o.business_date >= current_date - ${days}::int and o.status <> 'cancelled'
      ${scope.length ? sql`and (${sql.join(scope, sql` or `)})` : sql``}
      ${r.channels.length ? sql`and o.channel in ${r.channels}` : sql``}
      ${r.sessions.length ? sql`and o.session in ${r.sessions}` : sql``}`;
    const trig = r.trigger_items.length
      ? sql`exists (select 1 from order_lines t where t.order_id = o.id and t.foodid in ${r.trigger_items})`
      : sql`true`;
    const totals = (await this.db.execute(sql`
      with base as (select o.id from orders o where ${where} and ${trig})
      select (select count(*)::int from base) as trigger_orders,
             (select count(distinct l.order_id)::int from order_lines l join base on base.id = l.order_id where l.foodid in ${r.suggestions}) as take_up`)) as unknown as {
      rows: { trigger_orders: number; take_up: number }[];
    };
    const items = (await this.db.execute(sql`
      with base as (select o.id from orders o where ${where} and ${trig})
      select l.foodid, count(distinct l.order_id)::int as orders, sum(l.quantity)::int as quantity
      from order_lines l join base on base.id = l.order_id where l.foodid in ${r.suggestions}
      group by l.foodid order by orders desc`)) as unknown as {
      rows: { foodid: string; orders: number; quantity: number }[];
    };
    const t = totals.rows[0]!;
    const triggerOrders = Number(t.trigger_orders);
    const takeUp = Number(t.take_up);
    return {
      result: 'success' as const,
      rule_id: id,
      days,
      trigger_orders: triggerOrders,
      take_up_orders: takeUp,
      take_up_rate: triggerOrders ? Math.round((takeUp / triggerOrders) * 10_000) / 10_000 : 0,
      by_item: items.rows.map((i) => ({ foodid: i.foodid, orders: Number(i.orders), quantity: Number(i.quantity) })),
    };
  }
}

/** /upselling: rules suggesting items for a cart, and their take-up measured from orders (issue 17 point 5). */
export async function upsellRoutes(fastify: FastifyInstance, { db, book }: { db: Db; book: OfferBook }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new UpsellService(db, book.invalidate);
  const exported: ListExport<z.output<typeof upsellExportQuery>, UpsellRule> = {
    resource: 'upsell_rules',
    label: 'Upsell rules',
    path: '/upsell_rules',
    pages: page.permission.page,
    query: upsellExportQuery,
    operationId: 'exportUpsellRules',
    tag: 'marketing',
    columns: [
      { header: 'Name', value: (r) => r.name, width: 28 },
      { header: 'Active', value: (r) => (r.active ? 'Yes' : 'No'), width: 8 },
      { header: 'With items', value: (r) => r.trigger_items.join(', ') || 'Any cart', width: 30 },
      { header: 'Suggests', value: (r) => r.suggestions.join(', '), width: 30 },
      { header: 'Sessions', value: (r) => r.sessions.join(', '), width: 16 },
      { header: 'Channels', value: (r) => r.channels.join(', '), width: 14 },
      { header: 'Placement', value: (r) => r.placement, width: 10 },
      { header: 'Priority', value: (r) => r.priority, width: 8 },
    ],
    fetch: (d, user, query, range) => new UpsellService(d).list(user, query, range),
  };

  app.get(
    '/upsell_rules',
    {
      config: page,
      schema: {
        tags,
        operationId: 'listUpsellRules',
        summary: 'Upsell rules',
        querystring: upsellListQuery,
        response: { 200: upsellListAnswer },
      },
    },
    async (req) => listAnswer('rules', await service.list(req.user!, req.query), req.query),
  );
  fastify.listExports.add(fastify, exported);
  app.post(
    '/upsell_rules',
    {
      config: page,
      schema: {
        tags,
        operationId: 'createUpsellRule',
        summary: 'Add an upsell rule',
        body: upsellRuleBody,
        response: { 200: upsellRuleAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Rule added',
      rule: await service.create(req.body, actorOf(req)),
    }),
  );
  app.put(
    '/upsell_rules/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateUpsellRule',
        summary: 'Save an upsell rule (version-checked)',
        params: idParam,
        body: upsellRuleBody,
        response: { 200: upsellRuleAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Rule saved',
      rule: await service.update(req.params.id, req.body, actorOf(req)),
    }),
  );
  app.delete(
    '/upsell_rules/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteUpsellRule',
        summary: 'Delete an upsell rule',
        params: idParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await service.remove(req.params.id, req.query.version, actorOf(req));
      return { result: 'success' as const, message: 'Rule deleted' };
    },
  );
  app.get(
    '/upsell_rules/:id/results',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'getUpsellResults',
        summary: 'Take-up of a rule measured from orders',
        params: idParam,
        querystring: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }),
        response: { 200: upsellResultsAnswer },
      },
    },
    async (req) => service.results(req.user!, req.params.id, req.query.days),
  );
}
