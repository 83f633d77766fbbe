import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories, foodItems, foodItemSubmenus, submenus } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { nameDeleter } from '../../lib/versioned.js';
import type { JobContext, JobOutcome } from '../jobs/job-types.js';
import { touchMenu } from '../menu/menu-cache.js';
import { restaurantInfo } from './bulk-download.js';

/**
 * Job `bulk-erase` (data {restaurant}): deletes the restaurant's items, submenus, their connections and its
 * categories in ONE transaction, with the menu stamp and an audit row holding the counts. Price-book prices
 * (per path, shared by restaurants) are not the restaurant's menu and stay.
 */
export async function bulkEraseJob(ctx: JobContext): Promise<JobOutcome> {
  const info = await restaurantInfo(ctx.db, String(ctx.data.restaurant ?? ''));
  if (!info) return { status: 'error', message: `Restaurant ${String(ctx.data.restaurant)} does not exist` };
  await ctx.progress(0, 1);
  return (ctx.db as Db).transaction(async (tx) => {
    const r = info.restaurant;
    await nameDeleter(tx, ctx.job.userid);
    const itemIds = tx.select({ id: foodItems.foodid }).from(foodItems).where(eq(foodItems.restaurant, r));
    const subIds = tx.select({ id: submenus.submenuid }).from(submenus).where(eq(submenus.restaurant, r));
    const connections = await tx
      .delete(foodItemSubmenus)
      .where(inArray(foodItemSubmenus.foodid, itemIds))
      .returning({ id: foodItemSubmenus.foodid });
    const otherConnections = await tx
      .delete(foodItemSubmenus)
      .where(inArray(foodItemSubmenus.submenuid, subIds))
      .returning({ id: foodItemSubmenus.foodid });
    const items = await tx.delete(foodItems).where(eq(foodItems.restaurant, r)).returning({ id: foodItems.foodid });
    const subs = await tx.delete(submenus).where(eq(submenus.restaurant, r)).returning({ id: submenus.submenuid });
    const cats = await tx.delete(categories).where(eq(categories.restaurant, r)).returning({ id: categories.id });
    const result = {
      items: items.length,
      submenus: subs.length,
      connections: connections.length + otherConnections.length,
      categories: cats.length,
    };
    await touchMenu(tx, r);
    await audit(tx, {
      actor: ctx.job.userid,
      action: 'erase_menu',
      entity: 'menu',
      entityId: r,
      after: { job: ctx.job.id, ...result },
    });
    const outcome: JobOutcome = {
      status: 'done',
      message: `Erased the menu of ${info.name}: ${result.items} items, ${result.submenus} submenus, ${result.categories} categories`,
    };
    await ctx.complete(tx, outcome);
    return outcome;
  });
}
