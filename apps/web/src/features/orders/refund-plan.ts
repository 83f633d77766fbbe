import {
  currencyByCode,
  planRefund,
  refundBody,
  toMilli,
  type OrderDetail,
  type RefundKind,
  type RefundOutcome,
} from '@cd/core';

/** What the refund form holds: the kind, units per line id, the amount as typed, the reason. */
export type RefundDraft = { kind: RefundKind; units: Record<number, string>; amount: string; reason: string };

export type RefundProblem = {
  field: 'lines' | 'amount' | 'reason' | '';
  message: string;
  /** Nothing entered yet (no line, no amount, no reason): said only when the user tries to refund. */
  quiet: boolean;
};
export type RefundCheck = {
  /** What the refund comes to (the currency's units), when core's rules accept it. */
  amount?: number;
  problem?: RefundProblem;
  body: ReturnType<typeof bodyOf>;
};

const bodyOf = (draft: RefundDraft) => ({
  kind: draft.kind,
  lines:
    draft.kind === 'lines'
      ? Object.entries(draft.units)
          .filter(([, units]) => units.trim() !== '' && Number(units) !== 0)
          .map(([line_id, units]) => ({ line_id: Number(line_id), quantity: Number(units) }))
      : [],
  amount: draft.kind === 'amount' && draft.amount.trim() !== '' ? Number(draft.amount) : undefined,
  reason: draft.reason,
});

/** The order as core's refund rules read it (thousandths, the currency's decimals), exactly as the server does. */
export function refundableOrder(order: OrderDetail) {
  return {
    paid: toMilli(order.paid),
    refunded: toMilli(order.refunded),
    refund_count: order.refunds.length,
    decimals: currencyByCode(order.currency)?.decimals ?? 3,
    lines: order.lines.map((l) => ({
      line_id: l.line_id,
      quantity: l.quantity,
      line_total: toMilli(l.line_total),
      refunded_quantity: l.refunded_quantity,
      refunded_amount: toMilli(l.refunded_amount),
    })),
  };
}

/**
 * Checks a refund with the API's own rules before it is sent: core's refundBody schema (a reason, an amount, a
 * line), then core's planRefund on the order shown (never more than paid − refunded, no more units than are
 * left). The server runs both again on the locked order.
 */
export function checkRefund(order: OrderDetail, draft: RefundDraft): RefundCheck {
  const body = bodyOf(draft);
  const parsed = refundBody.safeParse(body);
  const issueOf = (field: string) =>
    parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field);
  // The amount and lines first: what the refund comes to shows before a reason is typed.
  for (const field of ['lines', 'amount'] as const) {
    const issue = issueOf(field);
    const quiet = field === 'lines' ? body.lines.length === 0 : body.amount === undefined;
    if (issue) return { body, problem: { field, message: issue.message, quiet } };
  }
  const outcome: RefundOutcome = planRefund(
    refundableOrder(order),
    body.kind === 'full'
      ? { kind: 'full' }
      : body.kind === 'amount'
        ? { kind: 'amount', amount: body.amount ?? 0 }
        : { kind: 'lines', lines: body.lines },
  );
  if (!outcome.ok) {
    const field = outcome.refusal.field?.split('.')[0];
    const named = field === 'lines' || field === 'amount' ? field : '';
    return { body, problem: { field: named, message: outcome.refusal.message, quiet: false } };
  }
  const amount = outcome.plan.amount / 1000;
  const reason = issueOf('reason');
  return { body, amount, problem: reason ? { field: 'reason', message: reason.message, quiet: true } : undefined };
}
