import { asc, eq, gt, and, sql } from 'drizzle-orm';
import { SYNC_FORMATS } from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { categories, foodItemSubmenus, foodItems, snoozes, submenus } from '../../db/schema/index.js';
import type { MenuRestaurant } from '../menu/menu-access.js';
import { posItemView, restaurantItems } from './pos-items.js';

/** An image address as an aggregator can fetch it: absolute, from PUBLIC_URL when stored relative. */
export function absoluteUrl(publicUrl: string, url: string): string | null {
  const value = url.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  return `${publicUrl}${value.startsWith('/') ? '' : '/'}${value}`;
}

const restaurantHead = (r: MenuRestaurant) => ({ id: r.restaurant, name: r.name, currency: r.currency });

/** controldesk.pos-items.v1: every item with its PLU, price, tax class and availability (docs/menu-sync-format.md). */
export async function posItemsPayload(db: DbOrTx, r: MenuRestaurant, now = new Date()) {
  const items = (await restaurantItems(db, r.restaurant)).map(posItemView);
  return { format: SYNC_FORMATS.pos, generated_at: now.toISOString(), restaurant: restaurantHead(r), items };
}

type StoredBody = {
  attributes?: { ismand?: boolean; multiple?: boolean; min?: number | null; max?: number | null; description?: string };
  list?: string[];
  options?: Record<string, number>;
  extras?: Record<string, { imageurl?: string; isHidden?: boolean; type?: string; foodid?: string }>;
};

/** controldesk.menu.v1: categories, items, submenus with options, availability and absolute image addresses. */
export async function menuPayload(db: DbOrTx, r: MenuRestaurant, publicUrl: string, now = new Date()) {
  const rows = await restaurantItems(db, r.restaurant);
  const cats = await db
    .select({ name: categories.name, sequence: categories.sequence })
    .from(categories)
    .where(eq(categories.restaurant, r.restaurant))
    .orderBy(asc(categories.sequence), asc(categories.name));
  const links = await db
    .select({ foodid: foodItemSubmenus.foodid, submenuid: foodItemSubmenus.submenuid })
    .from(foodItemSubmenus)
    .innerJoin(foodItems, eq(foodItems.foodid, foodItemSubmenus.foodid))
    .where(eq(foodItems.restaurant, r.restaurant))
    .orderBy(asc(foodItemSubmenus.sequence), asc(foodItemSubmenus.submenuid));
  const subs = await db
    .select({ submenuid: submenus.submenuid, title: submenus.title, body: submenus.body })
    .from(submenus)
    .where(eq(submenus.restaurant, r.restaurant))
    .orderBy(asc(submenus.title));
  const optionSnoozes = await db
    .select({ target_id: snoozes.target_id, until: snoozes.until })
    .from(snoozes)
    .where(and(eq(snoozes.restaurant, r.restaurant), eq(snoozes.target_type, 'option'), gt(snoozes.until, sql`now()`)));
  const snoozedOption = new Map(optionSnoozes.map((s) => [s.target_id, s.until.toISOString()]));
  const linksOf = new Map<string, string[]>();
  for (const l of links) linksOf.set(l.foodid, [...(linksOf.get(l.foodid) ?? []), l.submenuid]);

  const items = rows.map((row) => {
    const pos = posItemView(row);
    return {
      id: row.foodid,
      plu: row.plu,
      name: row.foodname,
      short_name: row.short_name,
      description: row.description,
      price: pos.price,
      vegflag: row.vegflag,
      taxation: row.taxation,
      categories: Array.isArray(row.listofcategories) ? (row.listofcategories as string[]) : [],
      image_url: absoluteUrl(publicUrl, row.imageurl),
      hidden: row.hide_item,
      available: pos.available,
      sold_out: pos.sold_out,
      snoozed_until: pos.snoozed_until,
      submenus: linksOf.get(row.foodid) ?? [],
    };
  });
  const categoryList = cats.map((c) => ({
    name: c.name,
    sequence: c.sequence,
    item_ids: items.filter((i) => i.categories.includes(c.name)).map((i) => i.id),
  }));
  const submenuList = subs.map((s) => {
    const body = s.body as StoredBody;
    const names = body.list ?? Object.keys(body.options ?? {});
    return {
      id: s.submenuid,
      title: s.title,
      description: body.attributes?.description ?? '',
      required: body.attributes?.ismand ?? false,
      multiple: body.attributes?.multiple ?? false,
      min: body.attributes?.min ?? null,
      max: body.attributes?.max ?? null,
      options: names.map((name) => {
        const extra = body.extras?.[name] ?? {};
        const until = snoozedOption.get(`${s.submenuid}:${name}`) ?? null;
        return {
          name,
          price: Number(body.options?.[name] ?? 0),
          type: extra.type === 'group' ? 'group' : 'item',
          image_url: absoluteUrl(publicUrl, extra.imageurl ?? ''),
          hidden: extra.isHidden ?? false,
          available: !(extra.isHidden ?? false) && until === null,
          snoozed_until: until,
        };
      }),
    };
  });
  return {
    format: SYNC_FORMATS.aggregator,
    generated_at: now.toISOString(),
    restaurant: restaurantHead(r),
    categories: categoryList,
    items,
    submenus: submenuList,
  };
}
