import { and, eq, sql } from 'drizzle-orm';
import { milliText, normaliseCode, toMilli } from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { offerCodes, offerRedemptions, offers } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/errors.js';

export type OrderOffer = { offer_id: number; code?: string | undefined; amount: number };
type OrderRef = { id: number; customer_ref: string; business_date: string; restaurant: string; foodcourt: string };

const refused = (code: string, message: string, offerId: number) =>
  new AppError(409, code, message, { field: 'offers', offer_id: offerId });

/**
 * Records which offer paid what of an order, in the order's own transaction (issue 17 point 3). Each offer's row
 * is locked (in id order, so two orders never wait on each other crosswise) and its limits read after the lock:
 * of two orders racing for the last use or the last of a budget, the second sees the first's use and is refused
 * with 409 — and, the transaction failing, the order with it. A code is locked likewise; a unique code is spent.
 */
export async function redeemOffers(tx: DbOrTx, order: OrderRef, list: OrderOffer[]) {
  for (const o of [...list].sort((a, b) => a.offer_id - b.offer_id)) {
    const locked = (await tx.execute(sql`select * from ${offers} where id = ${o.offer_id} for update`)) as unknown as {
      rows: (Omit<typeof offers.$inferSelect, 'conditions' | 'limits'> & {
        conditions: typeof offers.$inferSelect.conditions;
        limits: typeof offers.$inferSelect.limits;
      })[];
    };
    const offer = locked.rows[0];
    if (!offer) throw badRequest('unknownOffer', `Offer ${o.offer_id} does not exist`, { field: 'offers' });
    if (offer.status !== 'active') throw refused('offerNotActive', `Offer ${offer.name} is ${offer.status}`, offer.id);
    const c = offer.conditions;
    if (
      (c.foodcourts.length && !c.foodcourts.includes(order.foodcourt)) ||
      (c.restaurants.length && !c.restaurants.includes(order.restaurant))
    )
      throw refused('offerWrongSite', `Offer ${offer.name} does not apply at ${order.restaurant}`, offer.id);

    let code = '';
    if (offer.trigger === 'code') {
      if (!o.code) throw refused('offerCodeRequired', `Offer ${offer.name} needs its code`, offer.id);
      code = normaliseCode(o.code);
      const rows = (await tx.execute(
        sql`select * from ${offerCodes} where code = ${code} and offer_id = ${offer.id} for update`,
      )) as unknown as {
        rows: { code: string; shared: boolean; uses: number; customer_ref: string; expires_at: string | Date | null }[];
      };
      const row = rows.rows[0];
      if (!row) throw refused('offerCodeUnknown', `${code} is not a code of offer ${offer.name}`, offer.id);
      if (row.customer_ref && row.customer_ref !== order.customer_ref)
        throw refused('offerCodeNotYours', `The code ${code} was given to another customer`, offer.id);
      if (!row.shared && row.uses > 0) throw refused('offerCodeUsed', `The code ${code} was already used`, offer.id);
      if (row.expires_at && new Date(row.expires_at).getTime() < Date.now())
        throw refused('offerCodeExpired', `The code ${code} has expired`, offer.id);
      await tx
        .update(offerCodes)
        .set({ uses: sql`${offerCodes.uses} + 1` })
        .where(eq(offerCodes.code, code));
    }
    const l = offer.limits;
    if (l.uses_total !== undefined && offer.uses >= l.uses_total)
      throw refused('offerUsedUp', `Offer ${offer.name} was used ${offer.uses} of ${l.uses_total} times`, offer.id);
    if (l.uses_per_customer !== undefined) {
      if (!order.customer_ref)
        throw refused(
          'offerCustomerLimit',
          `Offer ${offer.name} is limited per customer: send the customer_ref`,
          offer.id,
        );
      const [used] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(offerRedemptions)
        .where(and(eq(offerRedemptions.offer_id, offer.id), eq(offerRedemptions.customer_ref, order.customer_ref)));
      if (Number(used?.n ?? 0) >= l.uses_per_customer)
        throw refused(
          'offerCustomerLimit',
          `This customer used offer ${offer.name} ${used!.n} of ${l.uses_per_customer} times`,
          offer.id,
        );
    }
    const amount = toMilli(o.amount);
    if (l.max_discount !== undefined && amount > toMilli(l.max_discount))
      throw refused('offerOverCap', `Offer ${offer.name} takes at most ${l.max_discount} off an order`, offer.id);
    if (l.budget !== undefined && toMilli(offer.spent) + amount > toMilli(l.budget))
      throw refused(
        'offerBudgetSpent',
        `Offer ${offer.name} has ${(toMilli(l.budget) - toMilli(offer.spent)) / 1000} of its budget left`,
        offer.id,
      );

    await tx.insert(offerRedemptions).values({
      offer_id: offer.id,
      order_id: order.id,
      code,
      customer_ref: order.customer_ref,
      amount: milliText(amount),
      business_date: order.business_date,
    });
    await tx
      .update(offers)
      .set({ uses: sql`${offers.uses} + 1`, spent: sql`${offers.spent} + ${milliText(amount)}::numeric` })
      .where(eq(offers.id, offer.id));
  }
}
