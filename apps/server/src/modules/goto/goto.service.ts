import { eq, sql, type SQL } from 'drizzle-orm';
import { canAccessPage, GOTO_PER_KIND, type GotoAnswer, type PagePermissionKey } from '@cd/core';
import type { Db } from '../../db/client.js';
import { customers, foodItems, foodcourts, orders, restaurants, type UserRow } from '../../db/schema/index.js';
import { equalsLower, startsWithLower } from '../../lib/text-prefix.js';
import type { UsersService } from '../users/users.service.js';

/** A kind of record and the page that opens it (the kind is searched only for holders of that page). */
export const GOTO_PAGES = {
  restaurants: 'restaurant',
  items: 'editMenu',
  orders: 'preorderhistory',
  customers: 'preorderhistory',
  users: 'vendor',
} as const satisfies Record<string, PagePermissionKey>;

/** `value%` for LIKE on a lowercased column, with the pattern characters of the value escaped. */
export const prefixOf = (value: string) => `${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The words typed as a text-search query where each word is the start of a word of the name
 * (`'masala':* & 'do':*`), or undefined when nothing searchable was typed. Only letters and digits reach the query.
 */
export function wordsQuery(value: string): string | undefined {
  const words = value.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length
    ? words
        .slice(0, 8)
        .map((w) => `'${w}':*`)
        .join(' & ')
    : undefined;
}

/** The names' text-search vector: the expression the GIN indexes of migration 0028 hold. */
const words = (column: typeof foodItems.foodname | typeof restaurants.name) =>
  sql`to_tsvector('simple'::regconfig, ${column})`;

/**
 * Go to anywhere (issue 36 point 4): a few records of each kind whose page the caller holds. Every statement runs
 * in the caller's scope (row-level security), as every list does; users through the users list's own rule.
 */
export class GotoService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
  ) {}

  async find(q: string, user: UserRow): Promise<Omit<GotoAnswer, 'result'>> {
    const may = (kind: keyof typeof GOTO_PAGES) => canAccessPage(user, GOTO_PAGES[kind]);
    const tsq = wordsQuery(q);
    const prefix = prefixOf(q);
    const [restaurantHits, itemHits, orderHits, customerHits, userHits] = await Promise.all([
      may('restaurants') && tsq ? this.restaurants(tsq, prefix) : undefined,
      may('items') && tsq ? this.items(tsq, prefix) : undefined,
      may('orders') ? this.orders(q) : undefined,
      may('customers') ? this.customers(q) : undefined,
      may('users') ? this.userHits(q, user) : undefined,
    ]);
    const answer: Omit<GotoAnswer, 'result'> = {};
    if (may('restaurants')) answer.restaurants = restaurantHits ?? [];
    if (may('items')) answer.items = itemHits ?? [];
    if (may('orders')) answer.orders = orderHits ?? [];
    if (may('users')) answer.users = userHits ?? [];
    if (may('customers')) answer.customers = customerHits ?? [];
    return answer;
  }

  /** Restaurants with a word of the name starting with each word typed; names starting with the text first. */
  private restaurants(tsq: string, prefix: string) {
    return this.db
      .select({ restaurant: restaurants.restaurant, name: restaurants.name, foodcourt_name: foodcourts.name })
      .from(restaurants)
      .innerJoin(foodcourts, eq(foodcourts.foodcourt, restaurants.foodcourt))
      .where(sql`${words(restaurants.name)} @@ to_tsquery('simple'::regconfig, ${tsq})`)
      .orderBy(sql`lower(${restaurants.name}) like ${prefix} desc`, sql`lower(${restaurants.name}) collate "C"`)
      .limit(GOTO_PER_KIND);
  }

  /** Menu items the same way (GIN index on the name's words), with their restaurant's name. */
  private items(tsq: string, prefix: string) {
    return this.db
      .select({
        foodid: foodItems.foodid,
        foodname: foodItems.foodname,
        restaurant: foodItems.restaurant,
        restaurant_name: restaurants.name,
      })
      .from(foodItems)
      .innerJoin(restaurants, eq(restaurants.restaurant, foodItems.restaurant))
      .where(sql`${words(foodItems.foodname)} @@ to_tsquery('simple'::regconfig, ${tsq})`)
      .orderBy(
        sql`lower(${foodItems.foodname}) like ${prefix} desc`,
        sql`lower(${foodItems.foodname}) collate "C"`,
        foodItems.foodid,
      )
      .limit(GOTO_PER_KIND);
  }

  /**
   * Orders whose number starts with the text, case-insensitively: exact numbers first, then others starting so.
   * Ranges in code-point order on the lower-cased copy of the number (lib/text-prefix.ts, migration 0031), not LIKE:
   * range comparisons are leakproof, so under row-level security PostgreSQL may still read them from the index; LIKE
   * and lower() are not, and a scoped caller's search read every order of their sites. No ORDER BY in SQL (sorting
   * would read every match of a short prefix); the index is read in order and stops at the limit.
   */
  private async orders(text: string) {
    const shape = (where: SQL) =>
      this.db
        .select({
          order_id: orders.id,
          order_number: orders.order_number,
          restaurant_name: sql<string>`coalesce(${restaurants.name}, ${orders.restaurant})`,
          business_date: orders.business_date,
        })
        .from(orders)
        .leftJoin(restaurants, eq(restaurants.restaurant, orders.restaurant))
        .where(where)
        .limit(GOTO_PER_KIND);
    const [exact, starting] = await Promise.all([
      shape(equalsLower(orders.order_number_lc, text)),
      shape(startsWithLower(orders.order_number_lc, text)),
    ]);
    const seen = new Set(exact.map((o) => o.order_id));
    const rest = starting
      .filter((o) => !seen.has(o.order_id))
      .sort((a, b) => a.order_number.localeCompare(b.order_number) || a.order_id - b.order_id);
    return [...exact, ...rest].slice(0, GOTO_PER_KIND);
  }

  /**
   * Customers by the start of their reference (as orders, by ranges), among those who ordered at the caller's sites
   * (customers are the ordering platform's and shared; the orders say which a caller may see). The scan of orders is
   * bounded.
   */
  private async customers(text: string) {
    const seen = this.db
      .select({ customer_ref: orders.customer_ref })
      .from(orders)
      .where(startsWithLower(orders.customer_ref_lc, text))
      .limit(200)
      .as('seen');
    const refs = this.db
      .selectDistinct({ customer_ref: seen.customer_ref })
      .from(seen)
      .orderBy(seen.customer_ref)
      .limit(GOTO_PER_KIND)
      .as('refs');
    return this.db
      .select({ customer_ref: refs.customer_ref, name: sql<string>`coalesce(${customers.name}, '')` })
      .from(refs)
      .leftJoin(customers, eq(customers.customer_ref, refs.customer_ref))
      .orderBy(refs.customer_ref);
  }

  /** Users the caller may manage (the users list's own rule), by id, name, e-mail or phone. */
  private async userHits(q: string, user: UserRow) {
    const page = await this.users.list({ search: q, order: 'asc' }, user, {
      limit: GOTO_PER_KIND,
      offset: 0,
    });
    return page.rows.map((u) => ({ userid: u.userid, name: u.name }));
  }
}
