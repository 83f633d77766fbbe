import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  submenuPageLabel,
  type CATEGORY_SORT,
  type CategoryView,
  type ListQuery,
  type categoryCreateBody,
  type categoryExportQuery,
  type categoryUpdateBody,
} from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import { categories, foodItems, type CategoryRow, type UserRow } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, notFound } from '../../lib/errors.js';
import {
  listOrder,
  listRange,
  listSearch,
  text,
  withRange,
  type ListPage,
  type ListSpec,
} from '../../lib/list-query.js';
import { deleteVersioned, updateVersioned } from '../../lib/versioned.js';
import { loadMenuRestaurant, type Actor } from './menu-access.js';
import { touchMenu } from './menu-cache.js';
import { categoryCounts, toCategoryViews } from './menu-read.js';

type CreateBody = z.output<typeof categoryCreateBody>;
type UpdateBody = z.output<typeof categoryUpdateBody>;
type CategoryQuery = z.output<typeof categoryExportQuery> & Partial<ListQuery>;

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

// Items of the category's restaurant naming it; written out in full (drizzle leaves subquery columns unqualified).
const itemCount = sql`(select count(*) from food_items f where f.restaurant = "categories"."restaurant" and f.listofcategories ? "categories"."name")`;

const CATEGORY_LIST: ListSpec<(typeof CATEGORY_SORT)[number]> = {
  sortable: {
    id: categories.id,
    name: text(categories.name),
    sequence: categories.sequence,
    item_count: itemCount,
    updated_at: categories.updated_at,
    updated_by: text(categories.updated_by),
  },
  defaultSort: [categories.sequence, text(categories.name)],
  key: categories.id,
  search: [categories.name],
};

const exists = (name: string) =>
  new AppError(409, 'categoryExists', `A category named ${name} already exists`, { field: 'name' });

/**
 * Renames a category in its restaurant's items: each item keeps its order of categories, and its version moves
 * on so an open editor cannot save the old name back. Answers how many items changed.
 */
export async function renameInItems(
  tx: DbOrTx,
  before: CategoryRow,
  after: CategoryRow,
  userid: string,
): Promise<number> {
  if (after.name === before.name) return 0;
  const renamed = await tx
    .update(foodItems)
    .set({
      listofcategories: sql`(
        select coalesce(jsonb_agg(case when t.x = ${before.name} then ${after.name} else t.x end order by t.n), '[]'::jsonb)
        from jsonb_array_elements_text(${foodItems.listofcategories}) with ordinality as t(x, n))`,
      version: sql`${foodItems.version} + 1`,
      updated_at: new Date(),
      updated_by: userid,
    })
    .where(and(eq(foodItems.restaurant, after.restaurant), sql`${foodItems.listofcategories} ? ${before.name}`))
    .returning({ foodid: foodItems.foodid });
  return renamed.length;
}

/** Categories of a restaurant (Category & Submenu Management). Items name them in listofcategories. */
export class CategoriesService {
  constructor(private readonly db: Db) {}

  /** A restaurant's categories in the query's order (all unless a page is asked for: the editors read them whole). */
  async list(query: CategoryQuery, user: UserRow, range = listRange(query)): Promise<ListPage<CategoryView>> {
    const restaurant = await loadMenuRestaurant(this.db, query.restaurant, user);
    const cond = and(eq(categories.restaurant, restaurant.restaurant), listSearch(CATEGORY_LIST, query.search));
    const [rows, [count], counts] = await Promise.all([
      withRange(
        this.db
          .select()
          .from(categories)
          .where(cond)
          .orderBy(...listOrder(CATEGORY_LIST, query))
          .$dynamic(),
        range,
      ),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(categories)
        .where(cond),
      categoryCounts(this.db, restaurant.restaurant),
    ]);
    return { rows: toCategoryViews(rows, counts), total: count?.n ?? 0 };
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
        const row = await updateVersioned(tx, {
          table: categories,
          where: eq(categories.id, id),
          version: body.version,
          set: { name: body.name, ...(body.sequence === undefined ? {} : { sequence: body.sequence }) },
          actor,
          entity: 'category',
          entityId: String(id),
          what: `Category ${before.name}`,
          before,
          missing: () => notFound('categoryNotFound', `Category ${id} does not exist`),
          // A rename renames the category in its restaurant's items in the same transaction.
          auditAfter: async (updated) => ({
            ...updated,
            renamed_items: await renameInItems(tx, before, updated, actor.user.userid),
          }),
        });
        await touchMenu(tx, row.restaurant);
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
      await deleteVersioned(tx, {
        table: categories,
        where: eq(categories.id, id),
        version,
        actor,
        entity: 'category',
        entityId: String(id),
        what: `Category ${before.name}`,
        before,
        missing: () => notFound('categoryNotFound', `Category ${id} does not exist`),
      });
      await touchMenu(tx, before.restaurant);
    });
  }
}
