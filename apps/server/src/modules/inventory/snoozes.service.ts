import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { snoozeUntil, type Snooze, type SnoozeBody, type SnoozeTarget } from '@cd/core';
import type { Db } from '../../db/client.js';
import { foodItems, snoozes, submenus, type UserRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { badRequest } from '../../lib/errors.js';
import { loadMenuRestaurant } from '../menu/menu-access.js';
import { touchMenu } from '../menu/menu-cache.js';

const view = (s: typeof snoozes.$inferSelect): Snooze => ({
  restaurant: s.restaurant,
  target_type: s.target_type as SnoozeTarget,
  target_id: s.target_id,
  until: s.until.toISOString(),
  reason: s.reason,
  created_by: s.created_by,
  created_at: s.created_at.toISOString(),
});

/**
 * Snoozes (issue 20 point 4): off sale until a time. A snooze that has passed is simply ignored by every read
 * (compared with the database's now()), and the menu's stamp counts the snoozes still running, so the menu read
 * shows the item again by itself when its time passes; nothing has to run at that moment.
 */
export class SnoozesService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(user: UserRow, restaurant: string): Promise<Snooze[]> {
    const rest = await loadMenuRestaurant(this.db, restaurant, user);
    const rows = await this.db
      .select()
      .from(snoozes)
      .where(and(eq(snoozes.restaurant, rest.restaurant), gt(snoozes.until, sql`now()`)))
      .orderBy(asc(snoozes.until), asc(snoozes.target_id));
    return rows.map(view);
  }

  async snooze(body: SnoozeBody, actor: Actor): Promise<Snooze> {
    const rest = await loadMenuRestaurant(this.db, body.restaurant, actor.user);
    const when = snoozeUntil(body, this.now());
    if (!when.ok) throw badRequest('invalidUntil', `until: ${when.message}`, { field: 'until' });
    if (body.target_type === 'item') {
      const [item] = await this.db
        .select({ foodid: foodItems.foodid })
        .from(foodItems)
        .where(and(eq(foodItems.foodid, body.target_id), eq(foodItems.restaurant, rest.restaurant)));
      if (!item)
        throw badRequest('unknownItem', `target_id: not an item of ${rest.restaurant}`, { field: 'target_id' });
    } else {
      const cut = body.target_id.indexOf(':');
      const submenuid = cut > 0 ? body.target_id.slice(0, cut) : '';
      const key = cut > 0 ? body.target_id.slice(cut + 1) : '';
      if (!submenuid || !key)
        throw badRequest('invalidTarget', 'target_id: an option is <submenuid>:<option key>', { field: 'target_id' });
      const [sub] = await this.db
        .select({ body: submenus.body })
        .from(submenus)
        .where(and(eq(submenus.submenuid, submenuid), eq(submenus.restaurant, rest.restaurant)));
      const list = Array.isArray(sub?.body.list) ? (sub.body.list as string[]) : [];
      if (!sub || !list.includes(key))
        throw badRequest('unknownOption', `target_id: not an option of a submenu of ${rest.restaurant}`, {
          field: 'target_id',
        });
    }
    return this.db.transaction(async (tx) => {
      const values = {
        restaurant: rest.restaurant,
        target_type: body.target_type,
        target_id: body.target_id,
        until: when.until,
        reason: body.reason,
        created_by: actor.user.userid,
        created_at: new Date(),
      };
      const [row] = await tx
        .insert(snoozes)
        .values(values)
        .onConflictDoUpdate({
          target: [snoozes.restaurant, snoozes.target_type, snoozes.target_id],
          set: {
            until: values.until,
            reason: values.reason,
            created_by: values.created_by,
            created_at: values.created_at,
          },
        })
        .returning();
      await touchMenu(tx, rest.restaurant);
      await audit(tx, {
        actor: actor.user.userid,
        action: 'snooze',
        entity: 'snooze',
        entityId: `${rest.restaurant}:${body.target_type}:${body.target_id}`,
        before: null,
        after: { until: values.until.toISOString(), reason: body.reason },
        ip: actor.ip,
      });
      return view(row!);
    });
  }

  /** Back on sale now. Ending a snooze that is not there (or has passed) is no error. */
  async end(q: { restaurant: string; target_type: SnoozeTarget; target_id: string }, actor: Actor) {
    const rest = await loadMenuRestaurant(this.db, q.restaurant, actor.user);
    await this.db.transaction(async (tx) => {
      const gone = await tx
        .delete(snoozes)
        .where(
          and(
            eq(snoozes.restaurant, rest.restaurant),
            eq(snoozes.target_type, q.target_type),
            eq(snoozes.target_id, q.target_id),
          ),
        )
        .returning();
      if (gone.length === 0) return;
      await touchMenu(tx, rest.restaurant);
      await audit(tx, {
        actor: actor.user.userid,
        action: 'unsnooze',
        entity: 'snooze',
        entityId: `${rest.restaurant}:${q.target_type}:${q.target_id}`,
        before: { until: gone[0]!.until.toISOString() },
        after: null,
        ip: actor.ip,
      });
    });
  }
}
