import { fromMilli, toMilli } from '../orders/money.js';

/**
 * Day end and SAP (issue 15): the posting of a closed day, built from the day's totals (the reports' rollups) and
 * the posting rules of /sap-inflow. Pure rules shared by the API (which builds and checks the documents) and the
 * web app (which previews them).
 */

/**
 * What a posting line stands for. Debits: money received by tender, discounts, refunds (sales returns) and what is
 * still unpaid; credits: sales without tax by category, tax by rate, charges, and the refunds paid out.
 */
export const SAP_LINE_KINDS = [
  'sales',
  'tax',
  'charges',
  'tender',
  'discount',
  'refund',
  'refund_payout',
  'receivable',
  'clearing',
] as const;
export type SapLineKind = (typeof SAP_LINE_KINDS)[number];

/** Which side of the document each kind of line is on. */
export const SAP_LINE_SIDE: Record<SapLineKind, 'debit' | 'credit'> = {
  sales: 'credit',
  tax: 'credit',
  charges: 'credit',
  tender: 'debit',
  discount: 'debit',
  refund: 'debit',
  refund_payout: 'credit',
  receivable: 'debit',
  clearing: 'credit',
};

/** A SAP document holds at most this many lines (the usual FI limit); longer postings are split. */
export const SAP_MAX_LINES = 999;

/** One line of a day before a rule gives it its accounts. */
export type SapSourceLine = {
  kind: SapLineKind;
  /** What the line is about, for people: "Sales · Mains · App", "Tax 5 % · App", "Tender Card · App". */
  text: string;
  amount: number;
  client: string;
  foodcourt: string;
  restaurant: string;
  /** sales: the item category; '' otherwise. */
  category: string;
  /** tax: the rate in percent (e.g. 5); null otherwise. */
  tax_rate: number | null;
  /** tender lines: the tender; refunds: '' (the tender is not recorded). */
  tender: string;
  channel: string;
};

/** A posting rule of /sap-inflow: what it matches (empty = any) and the accounts it gives. */
export type SapRule = {
  id: number;
  priority: number;
  active: boolean;
  kind: SapLineKind;
  client: string;
  foodcourt: string;
  restaurant: string;
  category: string;
  tax_rate: number | null;
  tender: string;
  channel: string;
  gl_account: string;
  cost_center: string;
  profit_center: string;
  tax_code: string;
};

/** Whether a rule matches a line: its kind, and every condition it sets. */
export function ruleMatches(rule: SapRule, line: SapSourceLine): boolean {
  if (!rule.active || rule.kind !== line.kind) return false;
  if (rule.client && rule.client !== line.client) return false;
  if (rule.foodcourt && rule.foodcourt !== line.foodcourt) return false;
  if (rule.restaurant && rule.restaurant !== line.restaurant) return false;
  if (rule.category && rule.category.toLowerCase() !== line.category.toLowerCase()) return false;
  if (rule.tax_rate !== null && (line.tax_rate === null || Math.abs(rule.tax_rate - line.tax_rate) > 0.005))
    return false;
  if (rule.tender && rule.tender !== line.tender) return false;
  if (rule.channel && rule.channel !== line.channel) return false;
  return true;
}

/** How specific a rule is: more conditions win over fewer at the same priority. */
const specificity = (r: SapRule) =>
  [r.client, r.foodcourt, r.restaurant, r.category, r.tender, r.channel].filter(Boolean).length +
  (r.tax_rate === null ? 0 : 1);

/** The rule a line takes: the lowest priority number, then the most specific, then the oldest rule. */
export function matchRule(rules: readonly SapRule[], line: SapSourceLine): SapRule | null {
  let best: SapRule | null = null;
  for (const r of rules) {
    if (!ruleMatches(r, line)) continue;
    if (
      !best ||
      r.priority < best.priority ||
      (r.priority === best.priority && specificity(r) > specificity(best)) ||
      (r.priority === best.priority && specificity(r) === specificity(best) && r.id < best.id)
    ) {
      best = r;
    }
  }
  return best;
}

export type SapPostingLine = SapSourceLine & {
  side: 'debit' | 'credit';
  rule_id: number;
  gl_account: string;
  cost_center: string;
  profit_center: string;
  tax_code: string;
};

export type SapDocument = { number: number; lines: SapPostingLine[]; debit: number; credit: number };

/** Debit and credit totals of lines, exactly. */
export function sides(lines: readonly { side: 'debit' | 'credit'; amount: number }[]): {
  debit: number;
  credit: number;
} {
  let debit = 0;
  let credit = 0;
  for (const l of lines) {
    if (l.side === 'debit') debit += toMilli(l.amount);
    else credit += toMilli(l.amount);
  }
  return { debit: fromMilli(debit), credit: fromMilli(credit) };
}

/**
 * Splits a balanced posting into documents of at most SAP_MAX_LINES lines, each balanced on its own: every
 * document but the last gets a clearing line (the clearing rule's accounts) that carries its difference to the
 * next, which takes the opposite clearing line. Lines keep their order.
 */
export function splitDocuments(
  lines: readonly SapPostingLine[],
  clearing: Omit<SapPostingLine, 'amount' | 'side'>,
  max = SAP_MAX_LINES,
): SapDocument[] {
  const perDocument = max - 2;
  const docs: SapDocument[] = [];
  let carried = 0;
  for (let i = 0; i < lines.length || docs.length === 0; i += perDocument) {
    const chunk: SapPostingLine[] = [];
    if (carried !== 0) {
      chunk.push({ ...clearing, side: carried > 0 ? 'debit' : 'credit', amount: fromMilli(Math.abs(carried)) });
    }
    chunk.push(...lines.slice(i, i + perDocument));
    const last = i + perDocument >= lines.length;
    const s = sides(chunk);
    const diff = toMilli(s.debit) - toMilli(s.credit);
    if (!last && diff !== 0) {
      chunk.push({ ...clearing, side: diff > 0 ? 'credit' : 'debit', amount: fromMilli(Math.abs(diff)) });
      carried = diff;
    } else carried = 0;
    docs.push({ number: docs.length + 1, lines: chunk, ...sides(chunk) });
    if (lines.length === 0) break;
  }
  return docs;
}

/** The same lines with every debit a credit and every credit a debit: the reversal of a posting. */
export function reverseLines(lines: readonly SapPostingLine[]): SapPostingLine[] {
  return lines.map((l) => ({ ...l, side: l.side === 'debit' ? 'credit' : 'debit' }));
}
