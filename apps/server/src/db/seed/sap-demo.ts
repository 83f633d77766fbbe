import type { DbOrTx } from '../client.js';
import { sapRules } from '../schema/index.js';

/**
 * A small chart of accounts for the demo (issue 15): one rule per line kind so every line of a demo day finds its
 * account, plus a few specific ones that show priority at work (card and UPI money to their clearing accounts,
 * kiosk sales to their own profit centre, GST at 5 % with its tax code).
 */
export async function seedDemoSapRules(tx: DbOrTx): Promise<void> {
  const rule = (kind: string, gl_account: string, extra: Record<string, unknown> = {}) => ({
    kind,
    gl_account,
    priority: 900,
    updated_by: 'demo.admin',
    ...extra,
  });
  await tx
    .insert(sapRules)
    .values([
      rule('sales', '400000', { cost_center: 'CC-FOOD', profit_center: 'PC-OUTLETS' }),
      rule('sales', '400100', { channel: 'kiosk', priority: 100, cost_center: 'CC-FOOD', profit_center: 'PC-KIOSK' }),
      rule('tax', '220000', { tax_code: 'O0' }),
      rule('tax', '220500', { tax_rate: '5.000', priority: 100, tax_code: 'O5' }),
      rule('charges', '410000'),
      rule('tender', '100000'),
      rule('tender', '113100', { tender: 'card', priority: 100 }),
      rule('tender', '113200', { tender: 'upi', priority: 100 }),
      rule('discount', '440000'),
      rule('refund', '450000'),
      rule('refund_payout', '113900'),
      rule('receivable', '120000'),
      rule('clearing', '199999'),
    ]);
}
