import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { foodItems } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { badRequest } from '../../lib/errors.js';
import type { MenuRestaurant } from '../menu/menu-access.js';
import { touchMenu } from '../menu/menu-cache.js';

/**
 * Sets one `details` field (taxation or subsidyamount) on the chosen items of a restaurant, or all of them, in
 * ONE transaction (update_fooditems_tax, item_subsidy; issue 20 point 7). An item named that is not the
 * restaurant's (another restaurant's, or none) refuses the whole request. Items whose value changes move their
 * version on; the menu stamp moves and one audit row keeps what changed.
 */
export async function setItemField(
  db: Db,
  r: MenuRestaurant,
  choice: { foodids?: string[]; all?: boolean },
  field: 'taxation' | 'subsidyamount',
  value: string | number,
  actor: Actor,
): Promise<{ updated: number; unchanged: number }> {
  return db.transaction(async (tx) => {
    const ids = choice.all ? null : [...new Set(choice.foodids ?? [])];
    const found = await tx
      .select({ foodid: foodItems.foodid, current: sql<unknown>`${foodItems.details}->${field}` })
      .from(foodItems)
      .where(and(eq(foodItems.restaurant, r.restaurant), ids ? inArray(foodItems.foodid, ids) : undefined))
      .for('update');
    if (ids) {
      const missing = ids.filter((id) => !found.some((f) => f.foodid === id));
      if (missing.length > 0) {
        throw badRequest(
          'itemNotInRestaurant',
          `foodids: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''} ${missing.length === 1 ? 'is' : 'are'} not items of ${r.name}`,
          { field: 'foodids', foodids: missing },
        );
      }
    }
    const changing = found.filter((f) => f.current !== value).map((f) => f.foodid);
    if (changing.length > 0) {
      await tx
        .update(foodItems)
        .set({
          details: sql`${foodItems.details} || jsonb_build_object(${field}::text, ${JSON.stringify(value)}::jsonb)`,
          version: sql`${foodItems.version} + 1`,
          updated_by: actor.user.userid,
          updated_at: new Date(),
        })
        .where(inArray(foodItems.foodid, changing));
      await touchMenu(tx, r.restaurant);
    }
    await audit(tx, {
      actor: actor.user.userid,
      action: field === 'taxation' ? 'update_fooditems_tax' : 'item_subsidy',
      entity: 'menu',
      entityId: r.restaurant,
      after: { [field]: value, all: ids === null, foodids: changing },
      ip: actor.ip,
    });
    return { updated: changing.length, unchanged: found.length - changing.length };
  });
}
