import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import {
  loyaltyPrograms,
  loyaltyRewards,
  offers,
  restaurants,
  subscriptionPlans,
  subscriptions,
} from '../schema/index.js';

const SPICE = 'fc-blr-atrium:spice_route';

/**
 * Loyalty demo data (issue 18): Spice Route offers subscriptions (changes close 120 minutes before the meal), a
 * points program and a chai stamp card with a reward each, and a weekday lunch plan with a few subscribers.
 */
export async function seedDemoLoyalty(tx: DbOrTx): Promise<void> {
  await tx
    .update(restaurants)
    .set({
      details: sql`${restaurants.details} || '{"enable_subscription": true, "subscription_modification_deadline": 120}'::jsonb`,
    })
    .where(sql`${restaurants.restaurant} = ${SPICE}`);
  const [points, card] = await tx
    .insert(loyaltyPrograms)
    .values([
      {
        name: 'Spice Points',
        kind: 'points',
        status: 'active',
        points_name: 'points',
        restaurants: [SPICE],
        points: {
          per_amount: { points: 1, per: 10 },
          per_item: [],
          per_visit: 10,
          visit_min_spend: 100,
          multipliers: [],
        },
        expiry_days: 365,
        updated_by: 'demo.admin',
      },
      {
        name: 'Chai card',
        kind: 'stamps',
        status: 'active',
        points_name: 'stamps',
        restaurants: [SPICE],
        stamps: { required: 8, items: ['spice_route_masala_chai'], categories: [], max_per_order: 2 },
        updated_by: 'demo.admin',
      },
    ])
    .returning();
  const reward = (
    name: string,
    programId: number,
    cost: number,
    r: { kind: 'amount'; amount: number } | { kind: 'free_item'; foodid: string; quantity: number },
  ) => ({
    name,
    programId,
    cost,
    r,
  });
  for (const x of [
    reward('₹100 off', points!.id, 500, { kind: 'amount', amount: 100 }),
    reward('Free masala chai', card!.id, 8, { kind: 'free_item', foodid: 'spice_route_masala_chai', quantity: 1 }),
  ]) {
    const [offer] = await tx
      .insert(offers)
      .values({
        name: `Reward: ${x.name}`,
        description: 'Loyalty reward',
        trigger: 'code',
        status: 'active',
        kind: x.r.kind,
        priority: 500,
        stacking: 'stackable',
        code_mode: 'unique',
        conditions: {
          foodcourts: [],
          restaurants: [SPICE],
          items: [],
          categories: [],
          channels: [],
          order_types: [],
          sessions: [],
          days: [],
          min_spend: 0,
          groups: [],
          first_order: false,
        },
        reward: x.r.kind === 'amount' ? { kind: 'amount', amount: x.r.amount, applies_to: 'order' } : x.r,
        limits: {},
        updated_by: 'demo.admin',
      })
      .returning();
    await tx.insert(loyaltyRewards).values({
      program_id: x.programId,
      name: x.name,
      cost: x.cost,
      reward: x.r,
      offer_id: offer!.id,
      updated_by: 'demo.admin',
    });
  }
  const [plan] = await tx
    .insert(subscriptionPlans)
    .values({
      restaurant: SPICE,
      name: 'Weekday lunch',
      description: 'A thali every working day',
      status: 'active',
      sessions: ['Lunch'],
      days: [1, 2, 3, 4, 5],
      serve_time: '12:30',
      period: 'month',
      price: '2400.000',
      trial_days: 7,
      updated_by: 'demo.admin',
    })
    .returning();
  await tx.insert(subscriptions).values(
    ['EMP-10000', 'EMP-10010', 'EMP-10020', 'EMP-10030'].map((ref) => ({
      plan_id: plan!.id,
      customer_ref: ref,
      start_date: sql`current_date - 20` as unknown as string,
      updated_by: 'demo.admin',
    })),
  );
}
