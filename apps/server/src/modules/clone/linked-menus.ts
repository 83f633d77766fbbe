import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CloneInclude } from '@cd/core';
import type { Db } from '../../db/client.js';
import { restaurants } from '../../db/schema/index.js';
import { every } from '../../lib/periodic.js';
import type { JobEnqueuer } from '../jobs/job-types.js';
import { CloneService } from './clone.service.js';

const SYNCED_KEY = 'linked_menu_synced:';

/**
 * Linked menus (spec 001 §3.2 `linked_menu_restaurants`, `linked_submenu_restaurants`): the restaurants a
 * restaurant lists follow its menu (all of it) or its submenus only. A pass looks for sources whose menu
 * stamp moved since their last sync and starts one overwrite clone per source as a job. The "synced" marker
 * is taken with a row lock and set in the transaction that enqueues, so two processes never start the same
 * sync twice. Nothing is deleted at a follower: a follower keeps items the source no longer has (reported by
 * the next manual preview), because deleting sold items would lose their history.
 */
export async function syncLinkedMenus(db: Db, jobs: JobEnqueuer, log?: FastifyBaseLogger): Promise<number> {
  const sources = (await db.execute<{
    restaurant: string;
    name: string;
    menu: string[] | null;
    submenu: string[] | null;
    stamp: string;
  }>(sql`select r.restaurant, r.name,
        r.settings->'rest_linked_menu_restaurants' as menu,
        r.settings->'rest_linked_submenu_restaurants' as submenu,
        coalesce((select value from app_state where key = 'menu_version:' || r.restaurant), '0') as stamp
      from restaurants r
      where jsonb_typeof(r.settings->'rest_linked_menu_restaurants') = 'array' and jsonb_array_length(r.settings->'rest_linked_menu_restaurants') > 0
         or jsonb_typeof(r.settings->'rest_linked_submenu_restaurants') = 'array' and jsonb_array_length(r.settings->'rest_linked_submenu_restaurants') > 0`)) as unknown as {
    rows: { restaurant: string; name: string; menu: string[] | null; submenu: string[] | null; stamp: string }[];
  };
  const service = new CloneService(db, jobs);
  let started = 0;
  for (const s of sources.rows) {
    const menu = (s.menu ?? []).filter((r) => r !== s.restaurant);
    const submenuOnly = (s.submenu ?? []).filter((r) => r !== s.restaurant && !menu.includes(r));
    try {
      started += await db.transaction(async (tx) => {
        const key = `${SYNCED_KEY}${s.restaurant}`;
        await tx.execute(sql`insert into app_state (key, value) values (${key}, '') on conflict do nothing`);
        const marker = (await tx.execute<{ value: string }>(
          sql`select value from app_state where key = ${key} for update`,
        )) as unknown as { rows: { value: string }[] };
        const current = String(s.stamp);
        const wanted = `${current}|${menu.join(',')}|${submenuOnly.join(',')}`;
        if (marker.rows[0]?.value === wanted) return 0;
        const all = [...menu, ...submenuOnly];
        const exists = all.length
          ? await tx
              .select({ restaurant: restaurants.restaurant })
              .from(restaurants)
              .where(inArray(restaurants.restaurant, all))
          : [];
        const known = new Set(exists.map((r) => r.restaurant));
        let n = 0;
        const start = async (targets: string[], include: CloneInclude, what: string) => {
          const list = targets.filter((t) => known.has(t));
          if (list.length === 0) return;
          await service.enqueue(tx, {
            source: s,
            targets: list.map((restaurant) => ({ restaurant, stamp: '' })),
            mode: 'overwrite',
            include,
            userid: 'system',
            trigger: 'linked',
            title: `Linked ${what} of ${s.name}`,
          });
          n += 1;
        };
        await start(menu, { items: true, prices: true, images: true, submenus: true }, 'menu');
        await start(submenuOnly, { items: false, prices: false, images: false, submenus: true }, 'submenus');
        await tx.execute(sql`update app_state set value = ${wanted}, updated_at = now() where key = ${key}`);
        return n;
      });
    } catch (err) {
      log?.warn(`linked menu sync of ${s.restaurant}: ${(err as Error).message}`);
    }
  }
  return started;
}

/** The linked-menu pass of a job-running process, every LINKED_MENU_SECONDS. */
export function startLinkedMenus(db: Db, jobs: JobEnqueuer, seconds: number, log: FastifyBaseLogger) {
  return every(db, seconds * 1000, () => syncLinkedMenus(db, jobs, log).then(() => undefined), log, 'linked menus');
}
