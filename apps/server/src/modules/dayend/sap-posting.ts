import { eq, sql } from 'drizzle-orm';
import {
  fromMilli,
  labelOf,
  matchRule,
  ORDER_CHANNEL_LABELS,
  PAYMENT_TENDER_LABELS,
  SAP_LINE_SIDE,
  sides,
  SAP_MAX_LINES,
  toMilli,
  type SapLineKind,
  type SapPreviewLine,
  type SapRule,
  type SapSourceLine,
} from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { restaurants, sapRules, type SapRuleRow } from '../../db/schema/index.js';

type Raw = Record<string, string | number | null>;
const rowsOf = async (db: DbOrTx, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as { rows: Raw[] }).rows;
const m = (v: unknown) => toMilli(String(v ?? 0));
/** Channels and tenders by their names in a line's text ("Tender UPI · App"); the line keeps their codes. */
const channelName = (channel: string) => labelOf(ORDER_CHANNEL_LABELS, channel);
const tenderName = (tender: string) => labelOf(PAYMENT_TENDER_LABELS, tender);

export const toSapRule = (r: SapRuleRow): SapRule => ({
  id: r.id,
  priority: r.priority,
  active: r.active,
  kind: r.kind as SapLineKind,
  client: r.client,
  foodcourt: r.foodcourt,
  restaurant: r.restaurant,
  category: r.category,
  tax_rate: r.tax_rate === null ? null : Number(r.tax_rate),
  tender: r.tender,
  channel: r.channel,
  gl_account: r.gl_account,
  cost_center: r.cost_center,
  profit_center: r.profit_center,
  tax_code: r.tax_code,
});

/**
 * The lines of a restaurant's business day before accounts are given (issue 15 point 2), from the same rollups as
 * the reports and the Z totals, per channel: sales without tax by item category (the item's accounting group if it
 * has one, else its first menu category; items no longer on the menu: none), tax by the rate the order lines carried, charges,
 * discounts, money received by tender, refunds (a sales return and its payout) and what is still unpaid. Debits
 * equal credits by construction; amounts that come to zero are left out.
 */
export async function daySourceLines(
  db: DbOrTx,
  restaurant: string,
  date: string,
): Promise<{ currency: string; lines: SapSourceLine[] }> {
  const [rest] = await db
    .select({ client: restaurants.client, foodcourt: restaurants.foodcourt })
    .from(restaurants)
    .where(eq(restaurants.restaurant, restaurant));
  const cur = await rowsOf(
    db,
    sql`select currency from sales_daily where restaurant = ${restaurant} and business_date = ${date}
        group by 1 order by sum(orders) desc, 1 limit 1`,
  );
  const currency = cur[0] ? String(cur[0].currency) : '';
  const base = { client: rest?.client ?? '', foodcourt: rest?.foodcourt ?? '', restaurant };
  const line = (kind: SapLineKind, text: string, milli: number, extra: Partial<SapSourceLine> = {}): SapSourceLine => ({
    kind,
    text,
    amount: fromMilli(milli),
    ...base,
    category: '',
    tax_rate: null,
    tender: '',
    channel: '',
    ...extra,
  });
  const out: SapSourceLine[] = [];

  const items = await rowsOf(
    db,
    // An item's accounting group (issue 20 classifications) names its sales line when it has one, so a GL account is
    // mapped once per group; otherwise its first menu category does.
    sql`select i.channel, i.foodid, i.tax_rate::float8 as tax_rate,
          coalesce(max(ag.name), max(f.listofcategories->>0), '') as category,
          sum(i.gross) as gross, sum(i.tax) as tax
        from sales_daily_items i left join food_items f on f.foodid = i.foodid
        left join item_classifications ic on ic.foodid = i.foodid and ic.kind = 'accounting_group'
        left join classifications ag on ag.id = ic.classification_id
        where i.restaurant = ${restaurant} and i.business_date = ${date} and i.currency = ${currency}
        group by 1, 2, 3`,
  );
  const sales = new Map<string, number>();
  const taxes = new Map<string, number>();
  for (const r of items) {
    const gross = m(r.gross);
    const tax = m(r.tax);
    const net = gross - tax;
    const channel = String(r.channel);
    const skey = `${r.category}|${channel}`;
    sales.set(skey, (sales.get(skey) ?? 0) + net);
    if (tax !== 0) {
      // The rate the order lines carried (order_lines.tax_rate), never one worked out again from rounded amounts.
      const rate = Number(r.tax_rate);
      const tkey = `${rate}|${channel}`;
      taxes.set(tkey, (taxes.get(tkey) ?? 0) + tax);
    }
  }
  for (const [key, amount] of [...sales].sort()) {
    const [category, channel] = key.split('|') as [string, string];
    out.push(
      line('sales', `Sales · ${category || 'No category'} · ${channelName(channel)}`, amount, { category, channel }),
    );
  }
  for (const [key, amount] of [...taxes].sort()) {
    const [rate, channel] = key.split('|') as [string, string];
    out.push(line('tax', `Tax ${rate} % · ${channelName(channel)}`, amount, { tax_rate: Number(rate), channel }));
  }

  const days = await rowsOf(
    db,
    sql`select channel, sum(gross) as gross, sum(discount) as discount, sum(charges) as charges, sum(refunds) as refunds
        from sales_daily where restaurant = ${restaurant} and business_date = ${date} and currency = ${currency}
        group by 1 order by 1`,
  );
  const tenders = await rowsOf(
    db,
    sql`select channel, tender, sum(amount) as amount from sales_daily_tenders
        where restaurant = ${restaurant} and business_date = ${date} and currency = ${currency}
        group by 1, 2 order by 1, 2`,
  );
  for (const d of days) {
    const channel = String(d.channel);
    out.push(line('charges', `Charges · ${channelName(channel)}`, m(d.charges), { channel }));
    out.push(line('discount', `Discounts · ${channelName(channel)}`, m(d.discount), { channel }));
    const received = tenders.filter((t) => t.channel === channel);
    for (const t of received) {
      out.push(
        line('tender', `Tender ${tenderName(String(t.tender))} · ${channelName(channel)}`, m(t.amount), {
          tender: String(t.tender),
          channel,
        }),
      );
    }
    const paid = received.reduce((a, t) => a + m(t.amount), 0);
    out.push(
      line('receivable', `Unpaid · ${channelName(channel)}`, m(d.gross) + m(d.charges) - m(d.discount) - paid, {
        channel,
      }),
    );
    out.push(line('refund', `Refunds · ${channelName(channel)}`, m(d.refunds), { channel }));
    out.push(line('refund_payout', `Refunds paid out · ${channelName(channel)}`, m(d.refunds), { channel }));
  }
  return { currency, lines: out.filter((l) => toMilli(l.amount) !== 0) };
}

export type DayPosting = {
  currency: string;
  lines: SapPreviewLine[];
  unmatched: number;
  debit: number;
  credit: number;
  documents: number;
};

/** The day's lines with the accounts of the rule each takes (rule_id null: no rule matches). */
export async function dayPosting(db: DbOrTx, restaurant: string, date: string): Promise<DayPosting> {
  const { currency, lines } = await daySourceLines(db, restaurant, date);
  const rules = (await db.select().from(sapRules)).map(toSapRule);
  const out: SapPreviewLine[] = lines.map((l) => {
    const rule = matchRule(rules, l);
    return {
      kind: l.kind,
      text: l.text,
      side: SAP_LINE_SIDE[l.kind],
      amount: l.amount,
      category: l.category,
      tax_rate: l.tax_rate,
      tender: l.tender,
      channel: l.channel,
      rule_id: rule?.id ?? null,
      gl_account: rule?.gl_account ?? '',
      cost_center: rule?.cost_center ?? '',
      profit_center: rule?.profit_center ?? '',
      tax_code: rule?.tax_code ?? '',
    };
  });
  const totals = sides(out);
  return {
    currency,
    lines: out,
    unmatched: out.filter((l) => l.rule_id === null).length,
    ...totals,
    documents: Math.max(1, Math.ceil(out.length / (SAP_MAX_LINES - 2))),
  };
}
