import type { Subscription, SubscriptionPlan } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';

export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[] },
};

export const SPICE_ROUTE = 'fc-blr-atrium:spice-route';
export const DAILY_THALI = 'fc-blr-tower-b:daily-thali';
const AT = '2026-03-05T09:07:00.000Z';

export function aPlan(overrides: Partial<SubscriptionPlan> = {}): SubscriptionPlan {
  return {
    id: 1,
    restaurant: SPICE_ROUTE,
    restaurant_name: 'Spice Route',
    name: 'Weekday lunch',
    description: '',
    status: 'active',
    sessions: ['Lunch'],
    days: [1, 2, 3, 4, 5],
    serve_time: '12:30',
    period: 'month',
    price: 2400,
    trial_days: 7,
    deadline_minutes: 120,
    members: 3,
    version: 2,
    updated_by: 'demo.admin',
    updated_at: AT,
    ...overrides,
  };
}

/** An active monthly lunch plan with a trial, and a weekly draft breakfast-and-dinner plan without one. */
export const PLANS: SubscriptionPlan[] = [
  aPlan(),
  aPlan({
    id: 2,
    restaurant: DAILY_THALI,
    restaurant_name: 'Daily Thali',
    name: 'Thali week',
    status: 'draft',
    sessions: ['Breakfast', 'Dinner'],
    days: [0, 1, 2, 3, 4, 5, 6],
    serve_time: '19:00',
    period: 'week',
    price: 650,
    trial_days: 0,
    deadline_minutes: 60,
    members: 0,
    version: 1,
  }),
];

export function aSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 11,
    plan_id: 1,
    plan_name: 'Weekday lunch',
    customer_ref: 'C-1001',
    customer_name: 'Asha Rao',
    status: 'active',
    start_date: '2026-11-02',
    trial_ends: '2026-11-08',
    paused_from: null,
    paused_until: null,
    cancelled_from: null,
    next_change_by: '2026-11-27T10:30',
    orders: 18,
    version: 4,
    updated_by: 'demo.admin',
    updated_at: AT,
    ...overrides,
  };
}

/** One subscription of each status on plan 1. */
export const MEMBERS: Subscription[] = [
  aSubscription(),
  aSubscription({
    id: 12,
    customer_ref: 'C-1002',
    customer_name: 'Vikram Iyer',
    status: 'trial',
    start_date: '2026-11-24',
    trial_ends: '2026-11-30',
    orders: 2,
    version: 1,
  }),
  aSubscription({
    id: 13,
    customer_ref: 'C-1003',
    customer_name: 'Meera Nair',
    status: 'paused',
    paused_from: '2026-11-23',
    paused_until: '2026-12-06',
    orders: 9,
    version: 3,
  }),
  aSubscription({
    id: 14,
    customer_ref: 'C-1004',
    customer_name: 'Rahul Menon',
    status: 'cancelled',
    cancelled_from: '2026-11-16',
    orders: 11,
    version: 5,
  }),
];
