import { z } from 'zod';
import { successEnvelope } from './envelope.js';

/**
 * Go to anywhere (issue 36 point 4): GET /v2/bck/goto?q= finds the records the caller may open by the start of
 * what they type. Each kind appears only when the caller holds its page; every list is already limited to the
 * caller's sites (row-level security). The web adds the pages of the navigation itself.
 */
export const GOTO_MIN = 2;
export const GOTO_MAX = 100;
/** Records of each kind in one answer. */
export const GOTO_PER_KIND = 5;

export const gotoQuery = z.object({
  q: z
    .string()
    .trim()
    .min(GOTO_MIN, `Type at least ${GOTO_MIN} characters`)
    .max(GOTO_MAX, `At most ${GOTO_MAX} characters`)
    .meta({
      description: 'What to find: the start of a name (or of any word of it), an order number or a customer reference',
    }),
  sender: z.string().max(20).optional(),
  lang: z.string().max(10).optional(),
});
export type GotoQuery = z.output<typeof gotoQuery>;

const restaurantHit = z.object({ restaurant: z.string(), name: z.string(), foodcourt_name: z.string() });
const itemHit = z.object({
  foodid: z.string(),
  foodname: z.string(),
  restaurant: z.string(),
  restaurant_name: z.string(),
});
const orderHit = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  restaurant_name: z.string(),
  business_date: z.string(),
});
const userHit = z.object({ userid: z.string(), name: z.string() });
const customerHit = z.object({ customer_ref: z.string(), name: z.string() });

export const gotoAnswer = successEnvelope({
  restaurants: z.array(restaurantHit).optional(),
  items: z.array(itemHit).optional(),
  orders: z.array(orderHit).optional(),
  users: z.array(userHit).optional(),
  customers: z.array(customerHit).optional(),
});
export type GotoAnswer = z.output<typeof gotoAnswer>;
export type GotoKind = 'restaurants' | 'items' | 'orders' | 'users' | 'customers';
export const GOTO_KINDS: readonly GotoKind[] = ['restaurants', 'items', 'orders', 'users', 'customers'];
