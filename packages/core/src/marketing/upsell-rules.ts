import { z } from 'zod';
import { SESSION_NAMES } from '../constants.js';
import { ORDER_CHANNELS } from '../orders/order-rules.js';
import type { Cart } from './offer-rules.js';

/**
 * Upselling (issue 17 point 5): a rule suggests items for a cart — with these items (or any cart), at these
 * sessions, on these channels, at these sites — up to `max_shown` of them, never one already in the cart.
 */
export const UPSELL_LIMITS = { suggestions: 8, triggers: 200, name: 100 } as const;
export const UPSELL_PLACEMENTS = ['item', 'cart', 'checkout'] as const;

const id = z.string().trim().min(1).max(200);
export const upsellRuleFields = {
  name: z.string().trim().min(1, 'Enter the rule name').max(UPSELL_LIMITS.name),
  active: z.boolean().default(true),
  foodcourts: z.array(id).max(500).default([]).meta({ description: 'Empty: every food court of the user' }),
  restaurants: z.array(id).max(500).default([]),
  trigger_items: z
    .array(id)
    .max(UPSELL_LIMITS.triggers)
    .default([])
    .meta({ description: 'With any of these items in the cart (empty: any cart)' }),
  sessions: z.array(z.enum(SESSION_NAMES)).default([]),
  channels: z.array(z.enum(ORDER_CHANNELS)).default([]),
  suggestions: z
    .array(id)
    .min(1, 'Choose at least one item to suggest')
    .max(UPSELL_LIMITS.suggestions, `At most ${UPSELL_LIMITS.suggestions} items`),
  placement: z.enum(UPSELL_PLACEMENTS).default('cart'),
  max_shown: z.number().int().min(1).max(UPSELL_LIMITS.suggestions).default(3),
  priority: z.number().int().min(0).max(1000).default(0),
};
export const upsellRuleBodySchema = z.object(upsellRuleFields);
export type UpsellRuleInput = z.output<typeof upsellRuleBodySchema>;
export type EngineUpsellRule = UpsellRuleInput & { id: number };
export type UpsellSuggestion = { rule_id: number; rule: string; foodid: string; placement: string };

/** The suggestions for a cart: rules by priority then id; each rule adds up to its max_shown new items. */
export function suggestUpsells(
  cart: Pick<Cart, 'restaurant' | 'channel' | 'session' | 'lines'>,
  foodcourt: string,
  rules: readonly EngineUpsellRule[],
  limit = UPSELL_LIMITS.suggestions,
): UpsellSuggestion[] {
  const inCart = new Set(cart.lines.map((l) => l.foodid));
  const out: UpsellSuggestion[] = [];
  const sorted = [...rules].sort((a, b) => b.priority - a.priority || a.id - b.id);
  for (const r of sorted) {
    if (!r.active) continue;
    if (r.foodcourts.length > 0 && !r.foodcourts.includes(foodcourt)) continue;
    if (r.restaurants.length > 0 && !r.restaurants.includes(cart.restaurant)) continue;
    if (r.channels.length > 0 && !r.channels.includes(cart.channel)) continue;
    if (r.sessions.length > 0 && (!cart.session || !r.sessions.includes(cart.session))) continue;
    if (r.trigger_items.length > 0 && !r.trigger_items.some((f) => inCart.has(f))) continue;
    let shown = 0;
    for (const foodid of r.suggestions) {
      if (shown >= r.max_shown || out.length >= limit) break;
      if (inCart.has(foodid) || out.some((s) => s.foodid === foodid)) continue;
      out.push({ rule_id: r.id, rule: r.name, foodid, placement: r.placement });
      shown += 1;
    }
    if (out.length >= limit) break;
  }
  return out;
}
