import type { DayEnd, SapLog, SapPreviewAnswer, SapRuleView } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';

export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[] },
};

export const RESTAURANT = 'fc-ldn-river:noodle-house';
export const DATE = '2026-03-02';

/** Noodle House's 2 March, open, with one open and one unpaid order; cash 120.50 and card 300 taken. */
export function openDay(overrides: Partial<DayEnd> = {}): DayEnd {
  return {
    restaurant: RESTAURANT,
    restaurant_name: 'Noodle House',
    business_date: DATE,
    state: 'open',
    version: 0,
    blockers: [
      {
        order_id: 41,
        order_number: 'RVK-0041',
        status: 'preparing',
        total: 12.5,
        paid: 12.5,
        placed_at: '2026-03-02T19:40:00Z',
        problem: 'open',
      },
      {
        order_id: 42,
        order_number: 'RVK-0042',
        status: 'completed',
        total: 20,
        paid: 15,
        placed_at: '2026-03-02T20:05:00Z',
        problem: 'unpaid',
      },
    ],
    totals: {
      currency: 'GBP',
      orders: 38,
      cancelled: 1,
      items: 91,
      gross: 440,
      discount: 12,
      refunds: 7.5,
      net: 420.5,
      tax: 70.08,
      charges: 0,
      total: 420.5,
      tenders: [
        { tender: 'card', payments: 25, amount: 300 },
        { tender: 'cash', payments: 13, amount: 120.5 },
      ],
    },
    count: null,
    note: '',
    closed_at: null,
    closed_by: null,
    reopened_at: null,
    reopened_by: null,
    options: {
      autodayend: false,
      auto_status: 'default',
      auto_cutoff_time: 180,
      carryforward_stock: false,
      nullify_stock: false,
    },
    can_reopen: false,
    ...overrides,
  };
}

export function aRule(overrides: Partial<SapRuleView> = {}): SapRuleView {
  return {
    id: 1,
    priority: 100,
    active: true,
    kind: 'sales',
    client: '',
    foodcourt: '',
    restaurant: '',
    category: '',
    tax_rate: null,
    tender: '',
    channel: '',
    gl_account: '400000',
    cost_center: 'CC100',
    profit_center: '',
    tax_code: 'A1',
    version: 2,
    updated_by: 'demo.admin',
    updated_at: '2026-03-01T09:00:00Z',
    ...overrides,
  };
}

/** A preview of 2 March: sales matched by rule 1, the card tender unmatched; balanced. */
export function aPreview(overrides: Partial<Omit<SapPreviewAnswer, 'result'>> = {}): Omit<SapPreviewAnswer, 'result'> {
  const line = {
    category: '',
    tax_rate: null,
    tender: '',
    channel: '',
    cost_center: '',
    profit_center: '',
    tax_code: '',
  };
  return {
    restaurant: RESTAURANT,
    business_date: DATE,
    currency: 'GBP',
    state: 'closed',
    lines: [
      {
        ...line,
        kind: 'sales',
        text: 'Sales · Mains',
        side: 'credit',
        amount: 420.5,
        rule_id: 1,
        gl_account: '400000',
      },
      {
        ...line,
        kind: 'tender',
        text: 'Tender cash',
        side: 'debit',
        amount: 120.5,
        tender: 'cash',
        rule_id: 3,
        gl_account: '100100',
      },
      {
        ...line,
        kind: 'tender',
        text: 'Tender card',
        side: 'debit',
        amount: 300,
        tender: 'card',
        rule_id: null,
        gl_account: '',
      },
    ],
    unmatched: 1,
    debit: 420.5,
    credit: 420.5,
    documents: 1,
    ...overrides,
  };
}

export function aLog(overrides: Partial<SapLog> = {}): SapLog {
  return {
    id: 5,
    restaurant: RESTAURANT,
    business_date: DATE,
    kind: 'posting',
    reverses: null,
    status: 'sent',
    attempts: 1,
    documents: 1,
    lines: 12,
    debit: 420.5,
    credit: 420.5,
    currency: 'GBP',
    files: ['SAP_noodle-house_20260302_1.csv', 'SAP_noodle-house_20260302_1.xml'],
    error: null,
    created_by: 'demo.admin',
    created_at: '2026-03-03T08:00:00Z',
    sent_at: '2026-03-03T08:00:05Z',
    ...overrides,
  };
}
