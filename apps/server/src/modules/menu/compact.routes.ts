import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import {
  menuAttributeAnswer,
  menuAttributeQuery,
  menuCompactAnswer,
  menuCompactBody,
  type MenuAttributeAnswer,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { needsPage } from '../../plugins/permissions.js';
import { loadMenuRestaurant } from './menu-access.js';

/** Pages that pick items or read a menu's shape (any one of them). */
const readers = needsPage(
  [
    'editMenu',
    'subMenuManagement',
    'bulkops',
    'inventoryManagement',
    'productionPlanning',
    'clone',
    'classifications',
    'pos-vsd',
    'offers-discount',
    'promotions',
    'upselling-items',
  ],
  { read: true },
);

type Rows<T> = { rows: T[] };

/** menu/compact and vendor/menuattribute (spec 000 §7, only named there; issue 20). */
export async function compactRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['menu'];

  app.post(
    '/menu/compact',
    {
      config: { ...readers, errors: [404] },
      schema: {
        tags,
        operationId: 'compactMenus',
        summary: 'The items of several restaurants in the fewest fields, for item pickers',
        description:
          '`available` is false when the item is hidden, sold out, snoozed now or sold on no day. Every restaurant ' +
          'must be one of your sites (403 otherwise); at most 50.',
        body: menuCompactBody,
        response: { 200: menuCompactAnswer },
      },
    },
    async (req) => {
      const list = [...new Set(req.body.restaurant_list)];
      const rests = [];
      for (const id of list) rests.push(await loadMenuRestaurant(db, id, req.user!));
      const ids = rests.map((r) => r.restaurant);
      const found = (await db.execute(sql`
        select f.restaurant, f.foodid, f.foodname, f.price::float8 as price, f.listofcategories, f.vegflag,
          not (f.hide_item or coalesce(sl.sold_out, false) or sz.until is not null
            or ((select count(*) from jsonb_each(coalesce(f.details->'daysavailable', '{}'::jsonb)) d
                 where d.value = 'false'::jsonb) = 7
                and coalesce(jsonb_array_length(f.details->'datesavailable'), 0) = 0)) as available
        from food_items f
        left join stock_levels sl on sl.foodid = f.foodid
        left join snoozes sz on sz.restaurant = f.restaurant and sz.target_type = 'item' and sz.target_id = f.foodid
          and sz.until > now()
        where f.restaurant in ${sql`(${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`}
        order by f.restaurant, f.sequence, f.foodname, f.foodid`)) as unknown as Rows<{
        restaurant: string;
        foodid: string;
        foodname: string;
        price: number;
        listofcategories: string[];
        vegflag: string;
        available: boolean;
      }>;
      return {
        result: 'success' as const,
        menus: rests.map((r) => ({
          restaurant: r.restaurant,
          name: r.name,
          currency: r.currency,
          fooditems: found.rows
            .filter((i) => i.restaurant === r.restaurant)
            .map(({ restaurant: _r, ...i }) => ({ ...i, price: Number(i.price) })),
        })),
      };
    },
  );

  app.get(
    '/vendor/menuattribute',
    {
      config: { ...readers, errors: [404] },
      schema: {
        tags,
        operationId: 'getMenuAttributes',
        summary: "The attributes a restaurant's menu uses, with how many items carry each",
        querystring: menuAttributeQuery,
        response: { 200: menuAttributeAnswer },
      },
    },
    async (req): Promise<MenuAttributeAnswer> => {
      const r = await loadMenuRestaurant(db, req.query.restaurant, req.user!);
      const rid = r.restaurant;
      const facet = async (expr: ReturnType<typeof sql>) =>
        (
          (await db.execute(sql`select v as value, count(*)::int as count from (${expr}) x(v)
            where v is not null and v <> '' group by v order by count(*) desc, v`)) as unknown as Rows<{
            value: string;
            count: number;
          }>
        ).rows.map((x) => ({ value: String(x.value), count: Number(x.count) }));
      const each = (path: string) =>
        sql`select e from food_items f, jsonb_array_elements_text(coalesce(f.details->${path}, '[]'::jsonb)) e
            where f.restaurant = ${rid} and jsonb_typeof(f.details->${path}) = 'array'`;
      const [totals] = (
        (await db.execute(sql`select count(*)::int as items, min(f.price)::float8 as min, max(f.price)::float8 as max,
            count(*) filter (where f.hide_item)::int as hidden,
            count(*) filter (where sl.sold_out)::int as sold_out,
            count(*) filter (where sz.until is not null)::int as snoozed
          from food_items f
          left join stock_levels sl on sl.foodid = f.foodid
          left join snoozes sz on sz.restaurant = f.restaurant and sz.target_type = 'item' and sz.target_id = f.foodid
            and sz.until > now()
          where f.restaurant = ${rid}`)) as unknown as Rows<{
          items: number;
          min: number | null;
          max: number | null;
          hidden: number;
          sold_out: number;
          snoozed: number;
        }>
      ).rows;
      return {
        result: 'success',
        restaurant: rid,
        items: Number(totals?.items ?? 0),
        categories: await facet(
          sql`select c from food_items f, jsonb_array_elements_text(f.listofcategories) c where f.restaurant = ${rid}`,
        ),
        vegflags: await facet(sql`select vegflag from food_items where restaurant = ${rid}`),
        cuisines: await facet(sql`select details->>'cuisine' from food_items where restaurant = ${rid}`),
        sessions: await facet(each('session_list')),
        allergens: await facet(each('allergens')),
        diet_tags: await facet(sql`select c.name from item_classifications ic
            join classifications c on c.id = ic.classification_id
            join food_items f on f.foodid = ic.foodid
            where f.restaurant = ${rid} and ic.kind = 'diet_tag'`),
        price: {
          min: totals?.min === null || totals?.min === undefined ? null : Number(totals.min),
          max: totals?.max === null || totals?.max === undefined ? null : Number(totals.max),
        },
        availability: {
          hidden: Number(totals?.hidden ?? 0),
          sold_out: Number(totals?.sold_out ?? 0),
          snoozed: Number(totals?.snoozed ?? 0),
        },
      };
    },
  );
}
