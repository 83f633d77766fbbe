import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appState } from '../../db/schema/index.js';

/**
 * The menu read of a 5,000-item restaurant costs a few hundred milliseconds on PGlite, far over the 50 ms
 * budget (DESIGN.md §7, bench/menu-api.mjs), so its serialized answer is kept per restaurant and served again
 * while nothing it shows has changed. What has changed is known from a stamp read in the same query that
 * loads the restaurant for the site check:
 *   - `menu_version:<restaurant>` in app_state, bumped inside the transaction of EVERY write to the
 *     restaurant's items, categories, submenus or connections (touchMenu);
 *   - `pricebook_version` in app_state, bumped by every price-book price change (touchPricebook);
 *   - the restaurant row's own version (its name, currency and price-book path are in the answer);
 *   - the number of the restaurant's snoozes still running: a snooze whose time passes changes it, so the
 *     item is on sale again in the next read without anyone writing anything (issue 20).
 * The stamp lives in the database, so several API processes stay correct. Any code that writes menu tables
 * (bulk uploads, imports…) must call touchMenu in its transaction too.
 */
const MENU_KEY = 'menu_version:';
const PRICEBOOK_KEY = 'pricebook_version';

/** `<restaurant version>:<menu version>:<price-book version>`, for the select of loadMenuRestaurant. */
export const menuStampSql = sql<string>`"restaurants"."version"::text
  || ':' || coalesce((select s.value from app_state s where s.key = ${MENU_KEY} || "restaurants"."restaurant"), '0')
  || ':' || coalesce((select s.value from app_state s where s.key = ${PRICEBOOK_KEY}), '0')
  || ':' || (select count(*) from snoozes z where z.restaurant = "restaurants"."restaurant" and z.until > now())::text`;

async function bump(tx: DbOrTx, key: string) {
  await tx
    .insert(appState)
    .values({ key, value: '1' })
    .onConflictDoUpdate({
      target: appState.key,
      set: { value: sql`(app_state.value::bigint + 1)::text`, updated_at: new Date() },
    });
}

/** Called by every menu write inside its transaction. */
export const touchMenu = (tx: DbOrTx, restaurant: string) => bump(tx, `${MENU_KEY}${restaurant}`);
/**
 * touchMenu for each restaurant a query answers (its one column), as one statement to put in a WITH: for a
 * statement that moves several restaurants' stock at once (the ingest's batches, modules/orders/ingest.batch.ts).
 */
export const touchMenusSql = (restaurants: SQL) => sql`insert into app_state (key, value)
  select ${MENU_KEY} || touched.r, '1' from (${restaurants}) as touched(r)
  on conflict (key) do update set value = (app_state.value::bigint + 1)::text, updated_at = now()`;
/** Called by every price-book price change inside its transaction (any restaurant may show the price). */
export const touchPricebook = (tx: DbOrTx) => bump(tx, PRICEBOOK_KEY);

/** Serialized menus (UTF-8 bytes, sent as they are) by restaurant; least recently read dropped beyond `maxBytes`. */
export class MenuCache {
  private readonly entries = new Map<string, { stamp: string; body: Buffer }>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(restaurant: string, stamp: string): Buffer | undefined {
    const hit = this.entries.get(restaurant);
    if (!hit || hit.stamp !== stamp) return undefined;
    this.entries.delete(restaurant);
    this.entries.set(restaurant, hit);
    return hit.body;
  }

  set(restaurant: string, stamp: string, body: Buffer) {
    this.drop(restaurant);
    if (body.length > this.maxBytes) return;
    this.entries.set(restaurant, { stamp, body });
    this.bytes += body.length;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(restaurant: string) {
    const old = this.entries.get(restaurant);
    if (!old) return;
    this.bytes -= old.body.length;
    this.entries.delete(restaurant);
  }
}
