import type { LedgerEntry, LoyaltyMember, LoyaltyProgram, LoyaltyReward, MarketingItem } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';

export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[], permissions: [] as string[] },
};

/** A marketing user with the loyalty pages and, when asked, the fine permission loyalty_adjust. */
export const marketer = (permissions: string[] = []) => ({
  name: 'Marketer',
  userid: 'demo.marketer',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: {
    admin: false,
    pagepermissionaccess: ['loyalty_points', 'loyalty_stamps', 'loyalty-rewards'],
    permissions,
  },
});

const AT = '2026-03-05T09:07:00.000Z';

export function aProgram(overrides: Partial<LoyaltyProgram> = {}): LoyaltyProgram {
  return {
    id: 1,
    name: 'Coffee points',
    kind: 'points',
    status: 'active',
    points_name: 'points',
    foodcourts: [],
    restaurants: [],
    channels: [],
    groups: [],
    points: {
      per_amount: { points: 1, per: 10 },
      per_item: [],
      per_visit: 5,
      visit_min_spend: 0,
      multipliers: [{ from: '2026-12-01', to: '2026-12-07', factor: 2 }],
    },
    stamps: null,
    expiry_days: null,
    members: 60,
    outstanding: 4500,
    currency: 'INR',
    currencies: ['INR'],
    version: 3,
    updated_by: 'demo.admin',
    updated_at: AT,
    ...overrides,
  };
}

/** Two points programs (and a London one, in pounds), and two stamp cards; each with its own members. */
export const PROGRAMS: LoyaltyProgram[] = [
  aProgram(),
  aProgram({
    id: 2,
    name: 'Staff stars',
    status: 'draft',
    points_name: 'stars',
    points: {
      per_amount: null,
      per_item: [{ foodid: 'f-biryani', points: 10 }],
      per_visit: 20,
      visit_min_spend: 200,
      multipliers: [],
    },
    expiry_days: 90,
    members: 0,
    outstanding: 0,
  }),
  aProgram({
    id: 5,
    name: 'Thames points',
    restaurants: ['fc-ldn-river:noodle-house'],
    points: {
      per_amount: { points: 1, per: 50 },
      per_item: [],
      per_visit: 0,
      visit_min_spend: 12.5,
      multipliers: [],
    },
    members: 2,
    outstanding: 4,
    currency: 'GBP',
    currencies: ['GBP'],
  }),
  aProgram({
    id: 3,
    name: 'Chai card',
    kind: 'stamps',
    points_name: 'stamps',
    points: null,
    stamps: { required: 8, items: [], categories: [], max_per_order: 0 },
    members: 35,
    outstanding: 140,
  }),
  aProgram({
    id: 4,
    name: 'Lunch card',
    kind: 'stamps',
    status: 'paused',
    points_name: 'stamps',
    points: null,
    stamps: { required: 10, items: ['f-biryani', 'f-lassi'], categories: ['Mains'], max_per_order: 2 },
    expiry_days: 1,
    members: 4,
    outstanding: 12,
  }),
];

/** 60 members of a program: C-1001 (balance 120, its history below) … C-1060, balances 10 to 600 mixed. */
export const MEMBERS: LoyaltyMember[] = Array.from({ length: 60 }, (_, i) => ({
  customer_ref: `C-${1001 + i}`,
  name: `Customer ${i + 1}`,
  balance: i === 0 ? 120 : ((i * 37) % 60) * 10 + 10,
  earned: i === 0 ? 235 : ((i * 37) % 60) * 10 + 50,
  last_activity: `2026-03-${String((i % 28) + 1).padStart(2, '0')}T10:00:00.000Z`,
}));

export function anEntry(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id: 1,
    entry_type: 'earn',
    points: 50,
    order_id: 7001,
    order_number: 'A-7001',
    reward_name: null,
    code: '',
    reason: '',
    actor: 'system',
    expires_at: null,
    created_at: '2026-03-01T12:30:00.000Z',
    ...overrides,
  };
}

/** C-1001's history in Coffee points, newest first: balance 50 − 10 − 100 + 175 − 5 + 10 = 120. */
export const HISTORY: LedgerEntry[] = [
  anEntry({
    id: 6,
    entry_type: 'adjust',
    points: 10,
    order_id: null,
    order_number: null,
    reason: 'Goodwill',
    actor: 'demo.admin',
    created_at: '2026-03-05T10:00:00.000Z',
  }),
  anEntry({
    id: 5,
    entry_type: 'expire',
    points: -5,
    order_id: null,
    order_number: null,
    created_at: '2026-03-04T00:00:00.000Z',
  }),
  anEntry({
    id: 4,
    entry_type: 'earn',
    points: 175,
    order_id: 7003,
    order_number: 'A-7003',
    created_at: '2026-03-03T13:00:00.000Z',
  }),
  anEntry({
    id: 3,
    entry_type: 'redeem',
    points: -100,
    order_id: null,
    order_number: null,
    reward_name: 'Free coffee',
    code: 'LOY-XY12',
    created_at: '2026-03-02T09:00:00.000Z',
  }),
  anEntry({
    id: 2,
    entry_type: 'reverse',
    points: -10,
    order_number: 'A-7001',
    created_at: '2026-03-01T18:00:00.000Z',
  }),
  anEntry({ id: 1 }),
];

export function aReward(overrides: Partial<LoyaltyReward> = {}): LoyaltyReward {
  return {
    id: 1,
    program_id: 1,
    program_name: 'Coffee points',
    name: 'Free coffee',
    active: true,
    cost: 120,
    reward: { kind: 'free_item', foodid: 'f-lassi', quantity: 1 },
    item_name: 'Mango lassi',
    valid_days: 30,
    offer_id: 501,
    redeemed: 14,
    version: 1,
    updated_by: 'demo.admin',
    updated_at: AT,
    ...overrides,
  };
}

export const REWARDS: LoyaltyReward[] = [
  aReward(),
  aReward({
    id: 2,
    program_id: 3,
    program_name: 'Chai card',
    name: 'Chai on the house',
    cost: 8,
    reward: { kind: 'free_item', foodid: 'f-samosa', quantity: 2 },
    item_name: 'Samosa',
    offer_id: 502,
    redeemed: 3,
  }),
  aReward({
    id: 5,
    program_id: 5,
    program_name: 'Thames points',
    name: 'Fiver off',
    cost: 250,
    reward: { kind: 'amount', amount: 5 },
    offer_id: 505,
    redeemed: 0,
  }),
  aReward({ id: 3, name: 'Fifty off', cost: 400, reward: { kind: 'amount', amount: 50 }, offer_id: 503, redeemed: 0 }),
  aReward({
    id: 4,
    program_id: 2,
    program_name: 'Staff stars',
    name: 'Tenth off',
    active: false,
    cost: 50,
    reward: { kind: 'percent', percent: 10 },
    offer_id: 504,
    redeemed: 1,
  }),
];

export const ITEMS: MarketingItem[] = [
  { foodid: 'f-biryani', name: 'Chicken biryani', price: 250, categories: ['Mains'] },
  { foodid: 'f-lassi', name: 'Mango lassi', price: 90, categories: ['Drinks'] },
  { foodid: 'f-samosa', name: 'Samosa', price: 40, categories: ['Snacks'] },
];
