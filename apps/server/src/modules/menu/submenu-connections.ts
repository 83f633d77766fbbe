import { and, eq, inArray, sql } from 'drizzle-orm';
import { MENU_ITEM_MESSAGES, submenuAllowedForItem, type SubmenuOption } from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { foodItems, foodItemSubmenus } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

type ItemInfo = { foodid: string; foodname: string; extras: Record<string, boolean> };
export type ConnectionPlan = {
  /** Items connected after the save, with what the rules need of them. */
  after: ItemInfo[];
  added: string[];
  removed: string[];
  /** What the database refuses; thrown after the editor's own rules have had their say. */
  problem: AppError | null;
};

const kindOf = (i: ItemInfo) => ({
  extras: { enable_as_mealdeal: !!i.extras.enable_as_mealdeal, enable_as_submenu: !!i.extras.enable_as_submenu },
});

/**
 * Applies the connection diff of the editor (spec 001 §3.9) to the connections in the database, so two people
 * connecting different items at once both keep their change. Checks what only the database knows: connected
 * items and linked options are items of this restaurant, linked options are enabled as submenus (§5.3 search
 * keeps only those), and every connected item may use the submenu by type (§4.2).
 */
export async function planConnections(
  db: DbOrTx,
  restaurant: string,
  submenuid: string | null,
  diff: { added_item_list: string[]; removed_item_list: string[] },
  options: SubmenuOption[],
  allLinked: boolean,
): Promise<ConnectionPlan> {
  const current = submenuid
    ? (
        await db
          .select({ foodid: foodItemSubmenus.foodid })
          .from(foodItemSubmenus)
          .where(eq(foodItemSubmenus.submenuid, submenuid))
      ).map((r) => r.foodid)
    : [];
  const currentSet = new Set(current);
  const removedSet = new Set(diff.removed_item_list);
  const added = [...new Set(diff.added_item_list)].filter((id) => !currentSet.has(id) && !removedSet.has(id));
  const removed = [...removedSet].filter((id) => currentSet.has(id));
  const afterIds = [...current.filter((id) => !removedSet.has(id)), ...added];
  const optionIds = options.map((o) => o.foodid).filter((id): id is string => !!id);
  const wanted = [...new Set([...afterIds, ...optionIds])];
  const rows = wanted.length
    ? await db
        .select({ foodid: foodItems.foodid, foodname: foodItems.foodname, extras: foodItems.extras })
        .from(foodItems)
        .where(and(eq(foodItems.restaurant, restaurant), inArray(foodItems.foodid, wanted)))
    : [];
  const byId = new Map(rows.map((r) => [r.foodid, r]));

  const after = afterIds.map((id) => byId.get(id)).filter((i): i is ItemInfo => !!i);
  return { after, added, removed, problem: findProblem(added, options, byId, after, allLinked) };
}

function findProblem(
  added: string[],
  options: SubmenuOption[],
  byId: Map<string, ItemInfo>,
  after: ItemInfo[],
  allLinked: boolean,
): AppError | null {
  const unknownItem = added.find((id) => !byId.has(id));
  if (unknownItem) {
    return new AppError(400, 'unknownItem', `Item ${unknownItem} is not an item of this restaurant`, {
      field: 'connections.added_item_list',
    });
  }
  for (const o of options) {
    if (!o.foodid) continue;
    const item = byId.get(o.foodid);
    if (!item) {
      return new AppError(
        400,
        'unknownOptionItem',
        `Option ${o.name} links item ${o.foodid}, which this restaurant does not have`,
        {
          field: 'options',
        },
      );
    }
    if (!item.extras.enable_as_submenu) {
      return new AppError(400, 'optionItemNotSubmenu', `${item.foodname} is not enabled as a submenu item`, {
        field: 'options',
      });
    }
  }
  const refused = after.find((i) => !submenuAllowedForItem(kindOf(i), allLinked));
  if (refused) {
    return new AppError(
      400,
      'editMenu.submenuNotAllowed',
      `${refused.foodname}: ${MENU_ITEM_MESSAGES['editMenu.submenuNotAllowed']}`,
      {
        field: 'connections',
        foodid: refused.foodid,
      },
    );
  }
  return null;
}

/** Writes the planned connections; each changed item's version moves on (its submenu list changed). */
export async function applyConnections(tx: DbOrTx, submenuid: string, plan: ConnectionPlan, userid: string) {
  if (plan.removed.length) {
    await tx
      .delete(foodItemSubmenus)
      .where(and(eq(foodItemSubmenus.submenuid, submenuid), inArray(foodItemSubmenus.foodid, plan.removed)));
  }
  if (plan.added.length) {
    // A new connection goes to the end of the item's submenu list.
    const last = await tx
      .select({ foodid: foodItemSubmenus.foodid, max: sql<number>`max(${foodItemSubmenus.sequence})::int` })
      .from(foodItemSubmenus)
      .where(inArray(foodItemSubmenus.foodid, plan.added))
      .groupBy(foodItemSubmenus.foodid);
    const next = new Map(last.map((r) => [r.foodid, r.max + 1]));
    await tx
      .insert(foodItemSubmenus)
      .values(plan.added.map((foodid) => ({ foodid, submenuid, sequence: next.get(foodid) ?? 0 })))
      .onConflictDoNothing();
  }
  await bumpItems(tx, [...plan.added, ...plan.removed], userid);
}

export async function bumpItems(tx: DbOrTx, foodids: string[], userid: string) {
  if (foodids.length === 0) return;
  await tx
    .update(foodItems)
    .set({ version: sql`${foodItems.version} + 1`, updated_at: new Date(), updated_by: userid })
    .where(inArray(foodItems.foodid, foodids));
}
