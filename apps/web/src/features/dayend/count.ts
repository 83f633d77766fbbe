import { countDifferences, fromMilli, PAYMENT_TENDERS, toMilli, type DayTotals, type PaymentTender } from '@cd/core';

/** What the count form holds: the text typed per tender ('' = not counted) and the note. */
export type CountDraft = { amounts: Partial<Record<PaymentTender, string>>; note: string };

export type CountCheck = {
  /** The tenders to count: the day's tenders, and cash always (a drawer is counted even on a card-only day). */
  tenders: PaymentTender[];
  /** Per tender: what the payments say, what was typed (null: not counted), the difference (null: not counted). */
  lines: { tender: PaymentTender; expected: number; counted: number | null; difference: number | null }[];
  /** The amounts sent at close (only the tenders counted; the server takes the others as expected). */
  counted: { tender: PaymentTender; amount: number }[];
  /** Tenders whose text is not an amount (negative, more than 3 decimals, not a number). */
  invalid: PaymentTender[];
  /** The server's rule: a count that differs from what was expected needs a note. */
  noteRequired: boolean;
  noteMissing: boolean;
};

const isTender = (tender: string): tender is PaymentTender => (PAYMENT_TENDERS as readonly string[]).includes(tender);
const AMOUNT = /^\d{1,9}(\.\d{1,3})?$/;

/** The count as typed, checked the way POST /dayend/close checks it (core's countDifferences). */
export function checkCount(totals: DayTotals, draft: CountDraft): CountCheck {
  const tenders = [...new Set<PaymentTender>(['cash', ...totals.tenders.map((t) => t.tender).filter(isTender)])];
  const invalid: PaymentTender[] = [];
  const counted: CountCheck['counted'] = [];
  for (const tender of tenders) {
    const text = (draft.amounts[tender] ?? '').trim();
    if (!text) continue;
    if (AMOUNT.test(text)) counted.push({ tender, amount: Number(text) });
    else invalid.push(tender);
  }
  const differences = countDifferences(totals.tenders, counted);
  const lines = tenders.map((tender) => {
    const typed = counted.find((c) => c.tender === tender);
    const d = differences.find((x) => x.tender === tender);
    const expected = d?.expected ?? 0;
    return {
      tender,
      expected,
      counted: typed ? typed.amount : null,
      difference: typed ? fromMilli(toMilli(typed.amount) - toMilli(expected)) : null,
    };
  });
  const noteRequired = differences.some((d) => toMilli(d.difference) !== 0);
  return { tenders, lines, counted, invalid, noteRequired, noteMissing: noteRequired && !draft.note.trim() };
}
