import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { submenuPageLabel, type CategoryView, type categoryCreateBody, type categoryUpdateBody } from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import { categories, foodItems, type CategoryRow, type UserRow } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { versionConflict } from '../../lib/conflict.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, notFound } from '../../lib/errors.js';
import { loadMenuRestaurant, type Actor } from './menu-access.js';
import { touchMenu } from './menu-cache.js';
import { categoryCounts, toCategoryViews } from './menu-read.js';

type CreateBody = z.output<typeof categoryCreateBody>;
type UpdateBody = z.output<typeof categoryUpdateBody>;

/**
 * Category & Submenu Management is split by the limited permissions (spec 000 §2.3): a user holding only
 * submenu_Only manages submenus, only category_Only categories. The server refuses the other half's writes.
 */
export function assertMayManage(user: UserRow, what: 'category' | 'submenu') {
  if (user.admin) return;
  const label = submenuPageLabel(user);
  if ((what === 'category' && label === 'submenuOnly') || (what === 'submenu' && label === 'categoryOnly')) {
    throw new AppError(
      403,
      'forbidden',
      `Your profile does not manage ${what === 'category' ? 'categories' : 'submenus'}`,
    );
  }
}

const exists = (name: string) =>
  new AppError(409, 'categoryExists', `A category named ${name} already exists`, { field: 'name' });

/** Categories of a restaurant (Category & Submenu Management). Items name them in listofcategories. */
export class CategoriesService {
  constructor(private readonly db: Db) {}

  async list(restaurantId: string, user: UserRow): Promise<CategoryView[]> {
    const restaurant = await loadMenuRestaurant(this.db, restaurantId, user);
    const rows = await this.db
      .select()
      .from(categories)
      .where(eq(categories.restaurant, restaurant.restaurant))
      .orderBy(asc(categories.sequence), asc(categories.name));
    return toCategoryViews(rows, await categoryCounts(this.db, restaurant.restaurant));
  }

  private async load(id: number, user: UserRow): Promise<CategoryRow> {
    const [row] = await this.db.select().from(categories).where(eq(categories.id, id));
    if (!row) throw notFound('categoryNotFound', `Category ${id} does not exist`);
    await loadMenuRestaurant(this.db, row.restaurant, user);
    return row;
  }

  private async view(db: DbOrTx, row: CategoryRow): Promise<CategoryView> {
    return toCategoryViews([row], await categoryCounts(db, row.restaurant, row.name))[0]!;
  }

  async create(body: CreateBody, actor: Actor): Promise<CategoryView> {
    assertMayManage(actor.user, 'category');
    const restaurant = await loadMenuRestaurant(this.db, body.restaurant, actor.user);
    try {
      return await this.db.transaction(async (tx) => {
        const [seq] = await tx
          .select({ next: sql<number>`coalesce(max(${categories.sequence}), 0)::int + 1` })
          .from(categories)
          .where(eq(categories.restaurant, restaurant.restaurant));
        const [row] = await tx
          .insert(categories)
          .values({
            restaurant: restaurant.restaurant,
            name: body.name,
            sequence: seq?.next ?? 1,
            updated_by: actor.user.userid,
          })
          .returning();
        await touchMenu(tx, restaurant.restaurant);
        await audit(tx, {
          actor: actor.user.userid,
          action: 'create',
          entity: 'category',
          entityId: String(row!.id),
          after: row,
          ip: actor.ip,
        });
        return this.view(tx, row!);
      });
    } catch (err) {
      if (uniqueViolation(err)) throw exists(body.name);
      throw err;
    }
  }

  /** Rename (and reorder); a rename also renames the category in its restaurant's items, in one transaction. */
  async update(id: number, body: UpdateBody, actor: Actor): Promise<CategoryView> {
    assertMayManage(actor.user, 'category');
    const before = await this.load(id, actor.user);
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .update(categories)
          .set({
            name: body.name,
            ...(body.sequence === undefined ? {} : { sequence: body.sequence }),
            updated_by: actor.user.userid,
            updated_at: new Date(),
            version: sql`${categories.version} + 1`,
          })
          .where(and(eq(categories.id, id), eq(categories.version, body.version)))
          .returning();
        if (!row) {
          const [current] = await tx.select().from(categories).where(eq(categories.id, id));
          if (!current) throw notFound('categoryNotFound', `Category ${id} does not exist`);
          throw versionConflict(`Category ${before.name}`, current);
        }
        let renamedItems = 0;
        if (row.name !== before.name) {
          // Each item keeps its order of categories; its version moves on so an open editor cannot save the old name back.
          const renamed = await tx
            .update(foodItems)
            .set({
              listofcategories: sql`(
                select coalesce(jsonb_agg(case when t.x = ${before.name} then ${row.name} else t.x end order by t.n), '[]'::jsonb)
                from jsonb_array_elements_text(${foodItems.listofcategories}) with ordinality as t(x, n))`,
              version: sql`${foodItems.version} + 1`,
              updated_at: new Date(),
              updated_by: actor.user.userid,
            })
            .where(and(eq(foodItems.restaurant, row.restaurant), sql`${foodItems.listofcategories} ? ${before.name}`))
            .returning({ foodid: foodItems.foodid });
          renamedItems = renamed.length;
        }
        await touchMenu(tx, row.restaurant);
        await audit(tx, {
          actor: actor.user.userid,
          action: 'update',
          entity: 'category',
          entityId: String(id),
          before,
          after: { ...row, renamed_items: renamedItems },
          ip: actor.ip,
        });
        return this.view(tx, row);
      });
    } catch (err) {
      if (uniqueViolation(err)) throw exists(body.name);
      throw err;
    }
  }

  /** A category that items still name cannot be deleted (409 categoryInUse). */
  async remove(id: number, version: number, actor: Actor): Promise<void> {
    assertMayManage(actor.user, 'category');
    const before = await this.load(id, actor.user);
    await this.db.transaction(async (tx) => {
      const used = (await categoryCounts(tx, before.restaurant, before.name)).get(before.name) ?? 0;
      if (used > 0) {
        throw new AppError(
          409,
          'categoryInUse',
          `${used} item${used === 1 ? '' : 's'} still use${used === 1 ? 's' : ''} the category ${before.name}`,
          { item_count: used },
        );
      }
      const [gone] = await tx
        .delete(categories)
        .where(and(eq(categories.id, id), eq(categories.version, version)))
        .returning({ id: categories.id });
      if (!gone) {
        const [current] = await tx.select().from(categories).where(eq(categories.id, id));
        if (!current) throw notFound('categoryNotFound', `Category ${id} does not exist`);
        throw versionConflict(`Category ${before.name}`, current);
      }
      await touchMenu(tx, before.restaurant);
      await audit(tx, {
        actor: actor.user.userid,
        action: 'delete',
        entity: 'category',
        entityId: String(id),
        before,
        ip: actor.ip,
      });
    });
  }
}
