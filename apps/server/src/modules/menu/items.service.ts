import crypto from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  storedSubmenuSchema,
  toSimpleSubmenu,
  type FoodItem,
  type FoodItemFields,
  type foodItemCreateBody,
  type foodItemUpdateBody,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  foodItems,
  foodItemSubmenus,
  paths,
  pricebookFoodItems,
  submenus,
  type FoodItemRow,
} from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { notFound } from '../../lib/errors.js';
import { deleteVersioned, updateVersioned } from '../../lib/versioned.js';
import { attachedConflict, checkItem, normaliseItemFields, submenusLinking } from './item-checks.js';
import { assertItemChangeAllowed } from './item-permissions.js';
import { slugOf, toFoodItem, toItemFields, toItemRowValues } from './item.mapping.js';
import { loadMenuRestaurant, restidOf, type Actor } from './menu-access.js';
import { touchMenu } from './menu-cache.js';

type CreateBody = z.output<typeof foodItemCreateBody>;
type UpdateBody = z.output<typeof foodItemUpdateBody>;

function fieldsOf(body: CreateBody | UpdateBody): FoodItemFields {
  const { sender: _s, lang: _l, ...rest } = body as CreateBody & UpdateBody;
  const { restaurant: _r, version: _v, ...fields } = rest;
  return normaliseItemFields(fields);
}

/** The submenu ids attached to items, in their order. */
export async function submenuLinks(db: DbOrTx, foodids: string[]): Promise<Map<string, string[]>> {
  const links = new Map<string, string[]>();
  if (foodids.length === 0) return links;
  const rows = await db
    .select({ foodid: foodItemSubmenus.foodid, submenuid: foodItemSubmenus.submenuid })
    .from(foodItemSubmenus)
    .where(inArray(foodItemSubmenus.foodid, foodids))
    .orderBy(asc(foodItemSubmenus.foodid), asc(foodItemSubmenus.sequence), asc(foodItemSubmenus.submenuid));
  for (const r of rows) links.set(r.foodid, [...(links.get(r.foodid) ?? []), r.submenuid]);
  return links;
}

async function replaceLinks(tx: DbOrTx, foodid: string, submenuIds: string[]) {
  await tx.delete(foodItemSubmenus).where(eq(foodItemSubmenus.foodid, foodid));
  if (submenuIds.length) {
    await tx
      .insert(foodItemSubmenus)
      .values(submenuIds.map((submenuid, sequence) => ({ foodid, submenuid, sequence })))
      .onConflictDoNothing();
  }
}

/** Menu items (spec 001 §3.5, §4.2, §5.2, §6): read, create, save, delete, attachment check. */
export class ItemsService {
  constructor(private readonly db: Db) {}

  private async load(foodid: string, actor: Pick<Actor, 'user'>) {
    const [row] = await this.db.select().from(foodItems).where(eq(foodItems.foodid, foodid));
    if (!row) throw notFound('itemNotFound', `Menu item ${foodid} does not exist`);
    const restaurant = await loadMenuRestaurant(this.db, row.restaurant, actor.user);
    return { row, restaurant };
  }

  async get(foodid: string, actor: Pick<Actor, 'user'>) {
    const { row, restaurant } = await this.load(foodid, actor);
    const links = await submenuLinks(this.db, [foodid]);
    let pricebook: { pathid: string; price: number } | null = null;
    if (restaurant.pricebook_path !== 'none') {
      const [pb] = await this.db
        .select({ price: pricebookFoodItems.price })
        .from(pricebookFoodItems)
        .innerJoin(paths, eq(paths.id, pricebookFoodItems.path))
        .where(and(eq(paths.pathid, restaurant.pricebook_path), eq(pricebookFoodItems.foodid, foodid)));
      if (pb) pricebook = { pathid: restaurant.pricebook_path, price: Number(pb.price) };
    }
    const linked = links.get(foodid) ?? [];
    const stored = linked.length
      ? await this.db.select().from(submenus).where(inArray(submenus.submenuid, linked))
      : [];
    const byId = new Map(stored.map((s) => [s.submenuid, s]));
    const simple = linked.flatMap((id) => {
      const s = byId.get(id);
      const body = s && storedSubmenuSchema.safeParse(s.body);
      return s && body?.success ? [toSimpleSubmenu(id, s.title, body.data)] : [];
    });
    return { fooditem: toFoodItem(row, linked), pricebook, submenus: simple };
  }

  /**
   * `<restid>_<slug>`, or with the first free numeric suffix (`_2`, `_3`, …); past `_50`, a random one.
   * Candidates are looked up by primary key (a LIKE on the id would scan every item).
   */
  private async newFoodid(tx: DbOrTx, restid: string, foodname: string): Promise<string> {
    const base = `${restid}_${slugOf(foodname)}`;
    const candidates = [base, ...Array.from({ length: 49 }, (_, i) => `${base}_${i + 2}`)];
    const taken = await tx
      .select({ foodid: foodItems.foodid })
      .from(foodItems)
      .where(inArray(foodItems.foodid, candidates));
    const ids = new Set(taken.map((t) => t.foodid));
    return candidates.find((c) => !ids.has(c)) ?? `${base}_${crypto.randomBytes(4).toString('hex')}`;
  }

  async create(body: CreateBody, actor: Actor): Promise<FoodItem> {
    const restaurant = await loadMenuRestaurant(this.db, body.restaurant, actor.user);
    const fields = fieldsOf(body);
    assertItemChangeAllowed(actor.user, null, fields);
    await checkItem(this.db, restaurant.restaurant, fields);
    // Two people adding the same name at once: the loser's id clashes; one retry picks the next suffix.
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.db.transaction(async (tx) => {
          const foodid = await this.newFoodid(tx, restidOf(restaurant), fields.foodname);
          const [seq] = await tx
            .select({ next: sql<number>`coalesce(max(${foodItems.sequence}), 0)::int + 1` })
            .from(foodItems)
            .where(eq(foodItems.restaurant, restaurant.restaurant));
          const [row] = await tx
            .insert(foodItems)
            .values({
              foodid,
              restaurant: restaurant.restaurant,
              ...toItemRowValues(fields),
              sequence: seq?.next ?? 1,
              updated_by: actor.user.userid,
            })
            .returning();
          await replaceLinks(tx, foodid, fields.submenu);
          await touchMenu(tx, restaurant.restaurant);
          await audit(tx, {
            actor: actor.user.userid,
            action: 'create',
            entity: 'food_item',
            entityId: foodid,
            after: { ...row, submenu: fields.submenu },
            ip: actor.ip,
          });
          return toFoodItem(row!, fields.submenu);
        });
      } catch (err) {
        if (attempt === 0 && uniqueViolation(err)) continue;
        throw err;
      }
    }
  }

  async update(foodid: string, body: UpdateBody, actor: Actor): Promise<FoodItem> {
    const { row: before, restaurant } = await this.load(foodid, actor);
    const links = await submenuLinks(this.db, [foodid]);
    const beforeFields = toItemFields(before, links.get(foodid) ?? []);
    const fields = fieldsOf(body);
    assertItemChangeAllowed(actor.user, beforeFields, fields);
    await checkItem(this.db, restaurant.restaurant, fields);
    if (beforeFields.extras.enable_as_submenu && !fields.extras.enable_as_submenu) {
      const attached = await submenusLinking(this.db, foodid);
      if (attached.length) throw attachedConflict(before.foodname, attached, 'it must stay enabled as a submenu');
    }
    return this.db.transaction(async (tx) => {
      const row = await updateVersioned(tx, {
        ...this.versioned(foodid, body.version, before, actor),
        set: toItemRowValues(fields),
        auditBefore: { ...before, submenu: beforeFields.submenu },
        auditAfter: (updated) => ({ ...updated, submenu: fields.submenu }),
      });
      await replaceLinks(tx, foodid, fields.submenu);
      await touchMenu(tx, restaurant.restaurant);
      return toFoodItem(row, fields.submenu);
    });
  }

  /** What a versioned write of an item names (lib/versioned.ts). */
  private versioned(foodid: string, version: number, before: FoodItemRow, actor: Actor) {
    return {
      table: foodItems,
      where: eq(foodItems.foodid, foodid),
      version,
      actor,
      entity: 'food_item',
      entityId: foodid,
      what: `Menu item ${before.foodname}`,
      before,
      missing: () => notFound('itemNotFound', `Menu item ${foodid} does not exist`),
    };
  }

  /** Deletes an item; its submenu attachments go with it. An item that is a submenu's option stays. */
  async remove(foodid: string, version: number, actor: Actor): Promise<void> {
    const { row: before, restaurant } = await this.load(foodid, actor);
    const attached = await submenusLinking(this.db, foodid);
    if (attached.length) throw attachedConflict(before.foodname, attached, 'remove it from them first');
    await this.db.transaction(async (tx) => {
      await deleteVersioned(tx, this.versioned(foodid, version, before, actor));
      await touchMenu(tx, restaurant.restaurant);
    });
  }

  async attachment(foodid: string, actor: Pick<Actor, 'user'>) {
    await this.load(foodid, actor);
    return submenusLinking(this.db, foodid);
  }
}
