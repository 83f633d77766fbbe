import { sql } from 'drizzle-orm';
import { offerConditionsSchema, type GroupRule, type OfferReward } from '@cd/core';
import type { DbOrTx } from '../client.js';
import { customerGroupMembers, customerGroups, customers, offerCodes, offers, upsellRules } from '../schema/index.js';
import { ruleMembersSql } from '../../modules/marketing/groups.service.js';

const SPICE = 'fc-blr-atrium:spice_route';
const FIRST = ['Asha', 'Ben', 'Chen', 'Divya', 'Elena', 'Farid', 'Grace', 'Hiro', 'Isha', 'Jon'];
const LAST = ['Rao', 'Kumar', 'Smith', 'Iyer', 'Lopez', 'Khan', 'Mehta', 'Tanaka', 'Nair', 'Brown'];

/**
 * Marketing demo data (issue 17): the customers the demo orders name (EMP-10000…) with contacts, a static VIP
 * list and a rule segment, offers of several kinds at Spice Route (automatic and by code), and an upsell rule.
 */
export async function seedDemoMarketing(tx: DbOrTx): Promise<void> {
  await tx.insert(customers).values(
    Array.from({ length: 400 }, (_, i) => {
      const n = 10000 + i * 10;
      const name = `${FIRST[i % 10]} ${LAST[Math.floor(i / 10) % 10]}`;
      return {
        customer_ref: `EMP-${n}`,
        name,
        email: `${name.toLowerCase().replace(' ', '.')}.${n}@demo.controldesk.test`,
        phone: `98450${String(n).padStart(5, '0')}`,
        marketing_opt_in: i % 17 !== 0,
      };
    }),
  );
  const [vip] = await tx
    .insert(customerGroups)
    .values({
      name: 'Corporate VIPs',
      description: 'Imported list of the client’s senior staff',
      kind: 'static',
      // Acme's list: it belongs to Acme's food courts (issue 32), so no other client's users see it.
      foodcourts: ['fc-blr-atrium', 'fc-blr-tower-b'],
      updated_by: 'demo.admin',
    })
    .returning();
  await tx
    .insert(customerGroupMembers)
    .values(Array.from({ length: 60 }, (_, i) => ({ group_id: vip!.id, customer_ref: `EMP-${10000 + i * 10}` })));
  await tx
    .update(customerGroups)
    .set({ member_count: 60 })
    .where(sql`id = ${vip!.id}`);

  const rule: GroupRule = { foodcourts: [], restaurants: [SPICE], days: 30, min_orders: 3, min_spend: 0, channels: [] };
  const [regulars] = await tx
    .insert(customerGroups)
    .values({
      name: 'Spice Route regulars',
      description: 'Three orders or more in the last 30 days',
      kind: 'rule',
      rule,
      foodcourts: rule.foodcourts,
      restaurants: rule.restaurants,
      updated_by: 'demo.admin',
    })
    .returning();
  await tx.execute(
    sql`insert into ${customerGroupMembers} (group_id, customer_ref) select ${regulars!.id}::int, m.customer_ref from (${ruleMembersSql(rule)}) m`,
  );
  await tx.execute(
    sql`update ${customerGroups} set member_count = (select count(*) from ${customerGroupMembers} where group_id = ${regulars!.id}), refreshed_at = now() where id = ${regulars!.id}`,
  );

  const offer = (
    name: string,
    reward: OfferReward,
    extra: Record<string, unknown> = {},
    conditions: Record<string, unknown> = {},
  ) => ({
    name,
    description: '',
    trigger: 'auto',
    status: 'active',
    kind: reward.kind,
    priority: 0,
    stacking: 'stackable',
    code_mode: 'shared',
    shared_code: '',
    conditions: offerConditionsSchema.parse({ restaurants: [SPICE], ...conditions }),
    reward,
    limits: {},
    updated_by: 'demo.admin',
    ...extra,
  });
  const made = await tx
    .insert(offers)
    .values([
      offer(
        'Lunch 10% off',
        { kind: 'percent', percent: 10, applies_to: 'order' },
        { priority: 10 },
        { sessions: ['Lunch'], min_spend: 300 },
      ),
      offer(
        'Thali meal deal',
        {
          kind: 'meal_deal',
          components: [
            { items: ['spice_route_chicken_biryani', 'spice_route_paneer_tikka'], quantity: 1 },
            { items: ['spice_route_masala_chai', 'spice_route_mango_lassi'], quantity: 1 },
          ],
          price: 299,
        },
        { priority: 20 },
      ),
      offer(
        'Staff happy hour',
        { kind: 'percent', percent: 25, applies_to: 'order' },
        { priority: 50, stacking: 'exclusive' },
        { time_from: '16:00', time_to: '18:00', groups: [vip!.id] },
      ),
      offer(
        'WELCOME50',
        { kind: 'amount', amount: 50, applies_to: 'order' },
        { trigger: 'code', shared_code: 'WELCOME50', limits: { uses_per_customer: 1, budget: 25000 } },
        { first_order: true },
      ),
      offer(
        'Free delivery weekends',
        { kind: 'delivery_fee', percent: 100 },
        { trigger: 'code', shared_code: 'FREEDEL', status: 'draft' },
        { days: [0, 6], order_types: ['delivery'] },
      ),
    ])
    .returning();
  await tx
    .insert(offerCodes)
    .values(made.filter((o) => o.shared_code).map((o) => ({ code: o.shared_code, offer_id: o.id, shared: true })));

  await tx.insert(upsellRules).values({
    name: 'A drink with the mains',
    restaurants: [SPICE],
    trigger_items: ['spice_route_chicken_biryani', 'spice_route_paneer_tikka'],
    suggestions: ['spice_route_mango_lassi', 'spice_route_masala_chai'],
    sessions: [],
    channels: [],
    max_shown: 2,
    updated_by: 'demo.admin',
  });
}
