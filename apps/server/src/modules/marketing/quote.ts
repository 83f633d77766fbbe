import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  currencyByCode,
  normaliseCode,
  priceCart,
  suggestUpsells,
  type Cart,
  type EngineOffer,
  type EngineUpsellRule,
  type QuoteView,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import {
  customerGroupMembers,
  foodItems,
  offerCodes,
  offerRedemptions,
  offers,
  orders,
  restaurants,
  upsellRules,
  type OfferRow,
} from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { engineOffer } from './offers.service.js';

/** How long a process keeps the offers in force before reading them again (its own changes reload at once). */
export const OFFER_BOOK_TTL_MS = 2000;

/**
 * The offers and upsell rules in force, kept in memory: a quote reads no offer rows, only what is about the
 * customer (codes, groups, first order, uses per customer). Usage counts may be up to the TTL old in a quote;
 * the ingest enforces limits exactly, under the offer's row lock (redemptions.ts).
 */
export class OfferBook {
  private loaded: { at: number; offers: EngineOffer[]; rules: EngineUpsellRule[] } | null = null;
  private loading: Promise<{ offers: EngineOffer[]; rules: EngineUpsellRule[] }> | null = null;

  constructor(private readonly db: Db) {}

  private readonly restaurants = new Map<
    string,
    { at: number; row: { foodcourt: string; currency: string } | undefined }
  >();

  /** A restaurant's food court and currency, read at most once a minute. */
  async restaurant(id: string) {
    const seen = this.restaurants.get(id);
    if (seen && Date.now() - seen.at < 60_000) return seen.row;
    const [row] = await this.db
      .select({
        foodcourt: restaurants.foodcourt,
        currency: sql<string>`coalesce(${restaurants.details}->>'currency', '')`,
      })
      .from(restaurants)
      .where(eq(restaurants.restaurant, id));
    if (this.restaurants.size > 10_000) this.restaurants.clear();
    this.restaurants.set(id, { at: Date.now(), row });
    return row;
  }

  invalidate = () => {
    this.loaded = null;
  };

  async current() {
    if (this.loaded && Date.now() - this.loaded.at < OFFER_BOOK_TTL_MS) return this.loaded;
    this.loading ??= (async () => {
      try {
        const [rows, rules] = await Promise.all([
          this.db.select().from(offers).where(eq(offers.status, 'active')),
          this.db.select().from(upsellRules).where(eq(upsellRules.active, true)),
        ]);
        const value = {
          offers: rows.map(engineOffer),
          rules: rules.map(
            (r) => ({ ...r, placement: r.placement as EngineUpsellRule['placement'] }) as EngineUpsellRule,
          ),
        };
        this.loaded = { at: Date.now(), ...value };
        return value;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }
}

/** Now as a local `YYYY-MM-DDTHH:mm` in the server's time zone (an app should send its restaurant's `at`). */
export function localNow(date = new Date()) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export type QuoteOptions = {
  /** Offers to price as if active (the "try a cart" panel's drafts), read fresh. */
  include?: number[];
  /** API clients limited to food courts. */
  foodcourts?: string[];
  /** Only offers a scoped user may see (the panel). */
  visible?: (o: OfferRow) => boolean;
};

export async function quoteCart(db: Db, book: OfferBook, cart: Cart, options: QuoteOptions = {}): Promise<QuoteView> {
  const rest = await book.restaurant(cart.restaurant);
  if (!rest)
    throw badRequest('unknownRestaurant', `restaurant: restaurant ${cart.restaurant} does not exist`, {
      field: 'cart.restaurant',
    });
  if (options.foodcourts?.length && !options.foodcourts.includes(rest.foodcourt))
    throw badRequest('unknownRestaurant', `restaurant: restaurant ${cart.restaurant} does not exist`, {
      field: 'cart.restaurant',
    });

  const codes = [...new Set(cart.codes.map(normaliseCode))];
  const ref = cart.customer_ref;
  const [book_, included, codeRows, groupRows, earlier] = await Promise.all([
    book.current(),
    options.include?.length
      ? db.select().from(offers).where(inArray(offers.id, options.include))
      : Promise.resolve([] as OfferRow[]),
    codes.length ? db.select().from(offerCodes).where(inArray(offerCodes.code, codes)) : Promise.resolve([]),
    ref
      ? db
          .select({ id: customerGroupMembers.group_id })
          .from(customerGroupMembers)
          .where(eq(customerGroupMembers.customer_ref, ref))
      : Promise.resolve([]),
    ref
      ? db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.customer_ref, ref), sql`${orders.status} <> 'cancelled'`))
          .limit(1)
      : Promise.resolve([]),
  ]);

  // Offers for other sites are not in force for this cart: left out, not listed with a reason (an app quoting
  // one restaurant's cart has no use for hundreds of "not at this restaurant").
  const here = (c: EngineOffer['conditions']) =>
    (c.foodcourts.length === 0 || c.foodcourts.includes(rest.foodcourt)) &&
    (c.restaurants.length === 0 || c.restaurants.includes(cart.restaurant));
  let list: EngineOffer[] = book_.offers.filter((o) => here(o.conditions));
  if (options.visible) {
    const allowed = new Set<number>();
    const rows = await db
      .select({ id: offers.id, conditions: offers.conditions })
      .from(offers)
      .where(eq(offers.status, 'active'));
    for (const r of rows) if (options.visible(r as OfferRow)) allowed.add(r.id);
    list = list.filter((o) => allowed.has(o.id));
  }
  if (included.length) {
    const ids = new Set(included.map((r) => r.id));
    list = [
      ...list.filter((o) => !ids.has(o.id)),
      ...included
        .filter((r) => (!options.visible || options.visible(r)) && here(r.conditions))
        .map((r) => ({ ...engineOffer(r), status: 'active' as const })),
    ];
  }

  const unlocked = new Map<number, string>();
  const codeStatus: QuoteView['codes'] = codes.map((code) => {
    const row = codeRows.find((c) => c.code === code);
    if (!row || (row.customer_ref && row.customer_ref !== ref))
      return { code, status: 'unknown' as const, offer_id: null };
    if (!row.shared && row.uses > 0) return { code, status: 'used' as const, offer_id: row.offer_id };
    if (row.expires_at && row.expires_at.getTime() < Date.now())
      return { code, status: 'expired' as const, offer_id: row.offer_id };
    unlocked.set(row.offer_id, code);
    return { code, status: 'ok' as const, offer_id: row.offer_id };
  });

  // Uses by this customer, only for the offers limited per customer.
  const perCustomer = list.filter((o) => o.limits.uses_per_customer !== undefined).map((o) => o.id);
  if (ref && perCustomer.length) {
    const used = await db
      .select({ id: offerRedemptions.offer_id, n: sql<number>`count(*)::int` })
      .from(offerRedemptions)
      .where(and(eq(offerRedemptions.customer_ref, ref), inArray(offerRedemptions.offer_id, perCustomer)))
      .groupBy(offerRedemptions.offer_id);
    const byId = new Map(used.map((u) => [u.id, Number(u.n)]));
    list = list.map((o) => (byId.has(o.id) ? { ...o, used: { ...o.used!, by_customer: byId.get(o.id)! } } : o));
  }

  const currency = currencyByCode(rest.currency);
  const quote = priceCart(cart, list, {
    foodcourt: rest.foodcourt,
    at: cart.at?.slice(0, 16) ?? localNow(),
    groups: groupRows.map((g) => g.id),
    first_order: ref !== '' && earlier.length === 0,
    codes: unlocked,
    decimals: currency?.decimals ?? 2,
  });

  const suggestions = suggestUpsells(cart, rest.foodcourt, book_.rules);
  const items = suggestions.length
    ? await db
        .select({
          foodid: foodItems.foodid,
          name: foodItems.foodname,
          price: foodItems.price,
          restaurant: foodItems.restaurant,
          hide: foodItems.hide_item,
        })
        .from(foodItems)
        .where(
          inArray(
            foodItems.foodid,
            suggestions.map((s) => s.foodid),
          ),
        )
    : [];
  const upsells = suggestions.flatMap((s) => {
    const item = items.find((i) => i.foodid === s.foodid);
    // Only what this restaurant sells and shows.
    if (!item || item.restaurant !== cart.restaurant || item.hide) return [];
    return [
      {
        ...s,
        name: item.name,
        price: Number(item.price),
        placement: s.placement as QuoteView['upsells'][number]['placement'],
      },
    ];
  });

  return { ...quote, currency: rest.currency, codes: codeStatus, upsells };
}
