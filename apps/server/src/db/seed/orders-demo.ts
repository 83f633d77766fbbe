import { eq, sql } from 'drizzle-orm';
import { toMilli } from '@cd/core';
import type { DbOrTx } from '../client.js';
import { rebuildRollups } from '../../modules/reports/rollups.js';
import { foodcourts, foodItems, restaurants } from '../schema/index.js';
import { insertOrderBatch, orderHistory, type CatalogueItem, type SeedRestaurant } from './order-history.js';

/** Orders of the demo data: about 30 a day over the 15 demo restaurants, 90 days ending today. */
export const DEMO_ORDER_DAYS = 90;
export const DEMO_ORDERS = 2700;

/** The demo organisations' time zones (standard time) and the tax included in their prices. */
const SITE: Record<string, { utcOffset: number; taxRate: number }> = {
  'loc-bengaluru': { utcOffset: 330, taxRate: 0.05 },
  'loc-london': { utcOffset: 0, taxRate: 0.2 },
  'loc-auckland': { utcOffset: 780, taxRate: 0.15 },
};
const CAFES = new Set(['chai_point', 'juice_bar', 'coffee_lab', 'bakery_counter']);

/** Menus of the demo restaurants that have no items in the menu editor (prices in INR for Acme, else GBP). */
const MENUS: Record<string, [string, number][]> = {
  dosa_corner: [
    ['Masala Dosa', 110],
    ['Rava Idli', 80],
    ['Onion Uttapam', 120],
    ['Filter Coffee', 35],
  ],
  green_bowl: [
    ['Quinoa Salad', 240],
    ['Buddha Bowl', 260],
    ['Cold-pressed Juice', 120],
  ],
  chai_point: [
    ['Masala Chai', 30],
    ['Ginger Tea', 30],
    ['Samosa', 25],
    ['Bun Maska', 40],
  ],
  daily_thali: [
    ['Veg Thali', 150],
    ['Non-veg Thali', 190],
    ['Curd Rice', 70],
    ['Gulab Jamun', 45],
  ],
  wrap_roll: [
    ['Paneer Wrap', 130],
    ['Chicken Kathi Roll', 150],
    ['Masala Fries', 90],
  ],
  juice_bar: [
    ['Orange Juice', 80],
    ['Watermelon Juice', 70],
    ['Banana Smoothie', 110],
  ],
  fish_chips_co: [
    ['Cod and Chips', 9.5],
    ['Haddock and Chips', 10.5],
    ['Mushy Peas', 2],
    ['Curry Sauce', 1.5],
  ],
  salad_stop: [
    ['Caesar Salad', 7.25],
    ['Greek Salad', 6.95],
    ['Soup of the Day', 4.5],
  ],
  coffee_lab: [
    ['Flat White', 3.2],
    ['Cappuccino', 3.1],
    ['Croissant', 2.4],
    ['Banana Bread', 2.9],
  ],
  bakery_counter: [
    ['Sourdough Loaf', 4.5],
    ['Cinnamon Bun', 2.8],
    ['Sausage Roll', 3.2],
  ],
  kiwi_grill: [
    ['Lamb Burger', 12.5],
    ['Fish Tacos', 11],
    ['Kumara Fries', 5],
  ],
  sushi_go: [
    ['Salmon Nigiri Set', 13],
    ['California Roll', 9.5],
    ['Miso Soup', 3.5],
  ],
  pie_shop: [
    ['Mince and Cheese Pie', 6.5],
    ['Steak Pie', 7],
    ['Vege Pie', 6],
  ],
};
const SPICE_LEVEL = { group: 'Spice level', names: ['Mild', 'Medium', 'Hot'] };
const WITH_SPICE_LEVEL = new Set(['spice_route_paneer_tikka', 'spice_route_chicken_biryani']);

const codeOf = (restid: string) =>
  restid
    .split('_')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join('')
    .slice(0, 4) || 'R';

/** The restaurants with their menus: items of the menu editor where there are any, else MENUS. */
export async function seedRestaurants(db: DbOrTx): Promise<SeedRestaurant[]> {
  const [rests, items] = await Promise.all([
    db
      .select({ r: restaurants, location: foodcourts.location })
      .from(restaurants)
      .innerJoin(foodcourts, eq(foodcourts.foodcourt, restaurants.foodcourt)),
    db
      .select({
        foodid: foodItems.foodid,
        restaurant: foodItems.restaurant,
        name: foodItems.foodname,
        price: foodItems.price,
      })
      .from(foodItems),
  ]);
  return rests.map(({ r, location }) => {
    const own: CatalogueItem[] = items
      .filter((i) => i.restaurant === r.restaurant && toMilli(i.price) > 0)
      .map((i) => ({
        foodid: i.foodid,
        name: i.name,
        price: Number(i.price),
        ...(WITH_SPICE_LEVEL.has(i.foodid) ? { options: SPICE_LEVEL } : {}),
      }));
    const menu =
      own.length > 0
        ? own
        : (MENUS[r.restid] ?? []).map(([name, price]) => ({
            foodid: `${r.restid}_${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`,
            name,
            price,
          }));
    const currency = typeof r.details.currency === 'string' && r.details.currency ? r.details.currency : 'GBP';
    return {
      restaurant: r.restaurant,
      foodcourt: r.foodcourt,
      currency,
      ...(SITE[location] ?? { utcOffset: 0, taxRate: 0.1 }),
      kind: CAFES.has(r.restid) ? 'cafe' : 'meals',
      hasdelivery: r.hasdelivery,
      code: codeOf(r.restid),
      items: menu,
    };
  });
}

/**
 * Ids for the history's orders and lines, drawn from the tables' sequences a thousand or more at a time instead of
 * twice for every day of history (180 round trips): the same numbers, as nothing else draws on those sequences
 * while the demo is seeded (one transaction; on PostgreSQL under the start lock). `done` sets each sequence back to
 * the last id handed out, where drawing day by day would have left it.
 */
function pooledIds(tx: DbOrTx) {
  const SEQUENCES = { orders: 'orders_id_seq', lines: 'order_lines_id_seq' } as const;
  const pools = { orders: [] as number[], lines: [] as number[] };
  const last = { orders: 0, lines: 0 };
  const take = async (kind: 'orders' | 'lines', n: number) => {
    const pool = pools[kind];
    if (pool.length < n) {
      const more = Math.max(n - pool.length, kind === 'orders' ? 1000 : 2000);
      const res = (await tx.execute(
        sql`select nextval(${SEQUENCES[kind]}::regclass)::bigint as id from generate_series(1, ${more})`,
      )) as unknown as { rows: { id: string | number }[] };
      pool.push(...res.rows.map((r) => Number(r.id)));
    }
    const ids = pool.splice(0, n);
    if (ids.length > 0) last[kind] = ids[ids.length - 1]!;
    return ids;
  };
  return {
    ids: async (orders: number, lines: number) => ({
      orders: await take('orders', orders),
      lines: await take('lines', lines),
    }),
    done: async () => {
      for (const kind of ['orders', 'lines'] as const) {
        if (pools[kind].length > 0 && last[kind] > 0)
          await tx.execute(sql`select setval(${SEQUENCES[kind]}::regclass, ${last[kind]})`);
      }
    },
  };
}

/** The demo order history (runs inside seedDemo's transaction, after the sites and menus exist). */
export async function seedDemoOrders(tx: DbOrTx, options: { orders?: number; days?: number; now?: Date } = {}) {
  const pool = pooledIds(tx);
  const history = orderHistory({
    restaurants: await seedRestaurants(tx),
    days: options.days ?? DEMO_ORDER_DAYS,
    orders: options.orders ?? DEMO_ORDERS,
    now: options.now,
    ids: pool.ids,
  });
  // A few days per insert: fewer, larger statements.
  let pending: Awaited<ReturnType<typeof history.next>>['value'][] = [];
  let size = 0;
  for await (const day of history) {
    pending.push(day);
    size += day.length;
    if (size >= 1000) {
      await insertOrderBatch(tx, pending.flat());
      pending = [];
      size = 0;
    }
  }
  await insertOrderBatch(tx, pending.flat());
  await pool.done();
  // Statistics of the tables just filled, for the planner: without them it takes them for nearly empty, and the
  // rollups' joins over them took ~2 s of the first start on the embedded database instead of ~0.2 s. The rollups
  // hold the same rows and figures either way.
  await tx.execute(sql`analyze orders, order_lines, order_payments, refunds, refund_lines`);
  await rebuildRollups(tx);
}
