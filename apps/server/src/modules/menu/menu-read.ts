import { asc, eq, sql } from 'drizzle-orm';
import type { CategoryView, MenuResponse, SubmenuSummary } from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { categories, submenus, type UserRow } from '../../db/schema/index.js';
import { loadMenuRestaurant, type MenuRestaurant } from './menu-access.js';
import type { MenuCache } from './menu-cache.js';

const iso = (d: Date) => d.toISOString();

/** Categories of a restaurant; item_count from the given items' listofcategories. */
export function toCategoryViews(rows: (typeof categories.$inferSelect)[], counts: Map<string, number>): CategoryView[] {
  return rows.map((c) => ({
    id: c.id,
    restaurant: c.restaurant,
    name: c.name,
    sequence: c.sequence,
    item_count: counts.get(c.name) ?? 0,
    version: c.version,
    updated_at: iso(c.updated_at),
    updated_by: c.updated_by,
  }));
}

/** The submenu list's columns (never the body). */
export const submenuSummaryColumns = {
  submenuid: submenus.submenuid,
  title: submenus.title,
  option_count: submenus.option_count,
  all_linked: submenus.all_linked,
  version: submenus.version,
  updated_at: submenus.updated_at,
  updated_by: submenus.updated_by,
};
type SummaryRow = { [K in keyof typeof submenuSummaryColumns]: (typeof submenus.$inferSelect)[K] };

export function toSubmenuSummary(r: SummaryRow, connected: number): SubmenuSummary {
  return { ...r, connected_count: connected, updated_at: iso(r.updated_at) };
}

/** Items per category name of a restaurant (optionally only items naming `name`). */
export async function categoryCounts(db: DbOrTx, restaurant: string, name?: string): Promise<Map<string, number>> {
  const result = (await db.execute(sql`
    select c.name, count(*)::int as n
    from food_items f, jsonb_array_elements_text(f.listofcategories) as c(name)
    where f.restaurant = ${restaurant} ${name === undefined ? sql`` : sql`and f.listofcategories ? ${name}`}
    group by c.name`)) as unknown as { rows: { name: string; n: number }[] };
  return new Map(result.rows.map((r) => [r.name, Number(r.n)]));
}

/**
 * The item rows (FoodItemSummary[]) as one JSON text built by the database: summary columns only (of `details`
 * only the days and dates sold, for `unavailable`), the item's submenu links, and the price-book price by one join
 * when the restaurant has a path.
 * Building the JSON in SQL is several times faster than mapping 5,000 rows through the driver.
 */
async function itemsJson(db: DbOrTx, restaurant: MenuRestaurant): Promise<string> {
  const pathId =
    restaurant.pricebook_path === 'none'
      ? sql`null::int`
      : sql`(select p.id from paths p where p.pathid = ${restaurant.pricebook_path})`;
  // Missing extras flags take their defaults (a stored row always has all three; imports might not).
  const extrasDefaults = JSON.stringify({
    enable_as_submenu: false,
    enable_as_mealdeal: false,
    enable_as_mainitem: true,
  });
  const result = (await db.execute(sql`
    with links as (
      select l.foodid, json_agg(l.submenuid order by l.sequence, l.submenuid) as ids
      from food_item_submenus l join food_items i on i.foodid = l.foodid
      where i.restaurant = ${restaurant.restaurant}
      group by l.foodid
    )
    select coalesce(json_agg(json_build_object(
      'foodid', f.foodid,
      'foodname', f.foodname,
      'short_name', f.short_name,
      'price', f.price::float8,
      'listofcategories', f.listofcategories,
      'vegflag', f.vegflag,
      'hide_item', f.hide_item,
      'imageurl', f.imageurl,
      'extras', ${extrasDefaults}::jsonb || f.extras,
      'submenu', coalesce(links.ids, '[]'::json),
      'version', f.version,
      'pricebook_price', pb.price::float8,
      -- core's isUnavailable: no weekday sold (a missing day counts as sold) and no date listed.
      'unavailable', (
        (select count(*) from jsonb_each(coalesce(f.details->'daysavailable', '{}'::jsonb)) d
         where d.value = 'false'::jsonb) = 7
        and coalesce(jsonb_array_length(f.details->'datesavailable'), 0) = 0),
      -- Inventory and snooze (issue 20): tracked stock at or below zero; off sale until a time still to come.
      'sold_out', coalesce(sl.sold_out, false),
      'snoozed_until', to_char(sz.until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    ) order by f.sequence, f.foodname, f.foodid), '[]'::json)::text as items
    from food_items f
    left join links on links.foodid = f.foodid
    left join pricebook_food_items pb on pb.path = ${pathId} and pb.foodid = f.foodid
    left join stock_levels sl on sl.foodid = f.foodid
    left join snoozes sz on sz.restaurant = f.restaurant and sz.target_type = 'item' and sz.target_id = f.foodid
      and sz.until > now()
    where f.restaurant = ${restaurant.restaurant}`)) as unknown as { rows: { items: string }[] };
  return result.rows[0]?.items ?? '[]';
}

/**
 * The menu of one restaurant as the editor reads it (GET /vendor/fooditem?restaurant=), serialized: a
 * MenuResponse as JSON text. DESIGN.md §7 budget: p95 ≤ 50 ms for 5,000 items and 300 submenus on PGlite
 * (bench/menu-api.mjs) — met by serving this text from MenuCache while the restaurant's stamp is unchanged.
 */
export async function menuJson(db: DbOrTx, restaurant: MenuRestaurant): Promise<string> {
  const rid = restaurant.restaurant;
  const items = await itemsJson(db, restaurant);
  const counts = await categoryCounts(db, rid);
  const cats = await db
    .select()
    .from(categories)
    .where(eq(categories.restaurant, rid))
    .orderBy(asc(categories.sequence), asc(categories.name));
  const connected = sql<number>`(select count(*)::int from food_item_submenus l where l.submenuid = "submenus"."submenuid")`;
  const subs = await db
    .select({ ...submenuSummaryColumns, connected })
    .from(submenus)
    .where(eq(submenus.restaurant, rid))
    .orderBy(asc(submenus.title));
  // Options off sale now (snoozes of `<submenuid>:<option>`), shown with their submenu.
  const optionSnoozes = (await db.execute(sql`
    select target_id, to_char(until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as until from snoozes
    where restaurant = ${rid} and target_type = 'option' and until > now()`)) as unknown as {
    rows: { target_id: string; until: string }[];
  };
  const snoozedOf = new Map<string, Record<string, string>>();
  for (const z of optionSnoozes.rows) {
    const cut = z.target_id.indexOf(':');
    const id = z.target_id.slice(0, cut);
    snoozedOf.set(id, { ...snoozedOf.get(id), [z.target_id.slice(cut + 1)]: z.until });
  }
  const head: Omit<MenuResponse, 'fooditems' | 'categories' | 'submenus'> = {
    result: 'success',
    restaurant: {
      restaurant: rid,
      name: restaurant.name,
      client: restaurant.client,
      currency: restaurant.currency,
      pricebook_path: restaurant.pricebook_path,
    },
  };
  const tail = {
    categories: toCategoryViews(cats, counts),
    submenus: subs.map(({ connected: n, ...r }) => ({
      ...toSubmenuSummary(r, n),
      ...(snoozedOf.has(r.submenuid) ? { snoozed_options: snoozedOf.get(r.submenuid) } : {}),
    })),
  };
  // Re-serialized once here: PostgreSQL's JSON text has a space around every colon and comma, an eighth of
  // the size of every answer served from the cache.
  const compactItems = JSON.stringify(JSON.parse(items));
  return `${JSON.stringify(head).slice(0, -1)},"fooditems":${compactItems},${JSON.stringify(tail).slice(1)}`;
}

/**
 * The serialized menu and its entity tag (the stamp: the answer cannot differ while it is unchanged). The
 * site check always runs first, so a 304 is never given to a caller who may not read the restaurant.
 */
export async function readMenu(
  db: DbOrTx,
  id: string,
  user: UserRow,
  cache?: MenuCache,
): Promise<{ body: Buffer; etag: string }> {
  const restaurant = await loadMenuRestaurant(db, id, user);
  const etag = `"menu-${restaurant.stamp}"`;
  const hit = cache?.get(restaurant.restaurant, restaurant.stamp);
  if (hit !== undefined) return { body: hit, etag };
  const body = Buffer.from(await menuJson(db, restaurant));
  cache?.set(restaurant.restaurant, restaurant.stamp, body);
  return { body, etag };
}
