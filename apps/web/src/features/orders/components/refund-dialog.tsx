import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { REFUND_KINDS, REFUND_REASON_MAX, type OrderDetail } from '@cd/core';
import { moneyAdornment } from '../../../components/money-adornment';
import { RadioGroupField } from '../../../components/radio-group-field';
import { FormShell } from '../../../components/resource';
import { useSnackbar } from '../../../components/snackbar';
import { moneyFormatter } from '../../../lib/money';
import { describeError } from '../../../lib/server-message';
import { useRefund } from '../api';
import { checkRefund, type RefundDraft } from '../refund-plan';

type Props = { order: OrderDetail; onClose: () => void };

/**
 * Refund an order (spec 000 §6 refunds; issue 13 point 5): all that is left, units of its lines, or an amount,
 * with a reason. What is refundable shows, and core's rules (the server's) refuse more before anything is sent.
 * One idempotency key per opening of the dialog: a second click, or a retry of a lost answer, refunds once.
 */
export function RefundDialog({ order, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const money = moneyFormatter(order.currency);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [draft, setDraft] = useState<RefundDraft>({ kind: 'lines', units: {}, amount: '', reason: '' });
  const [tried, setTried] = useState(false);
  const refund = useRefund(order.order_id);
  // A double click submits twice before the button shows it is busy: the second one is dropped here.
  const sending = useRef(false);
  const check = checkRefund(order, draft);
  const shown = check.problem && (tried || !check.problem.quiet) ? check.problem : undefined;
  const errorOf = (field: string) => (shown?.field === field ? shown.message : undefined);
  const set = (patch: Partial<RefundDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = () => {
    setTried(true);
    if (check.problem || sending.current) return;
    sending.current = true;
    refund.mutate(
      { ...check.body, idempotency_key: idempotencyKey },
      {
        // After a success the dialog closes: nothing more is sent from it.
        onError: () => {
          sending.current = false;
        },
        onSuccess: (answer) => {
          snackbar.show(answer.message || t('orders.refund.done'), 'success');
          onClose();
        },
      },
    );
  };

  return (
    <FormShell
      variant="dialog"
      title={t('orders.refund.title', { number: order.order_number })}
      subtitle={t('orders.refund.refundable', {
        refundable: money(order.refundable),
        paid: money(order.paid),
        refunded: money(order.refunded),
      })}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      actions={
        <>
          <Button onClick={onClose}>{t('resource.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={refund.isPending || Boolean(shown)}>
            {check.amount !== undefined
              ? t('orders.refund.submitAmount', { amount: money(check.amount) })
              : t('orders.refund.submit')}
          </Button>
        </>
      }
    >
      <RadioGroupField
        label={t('orders.refund.kind')}
        row
        value={draft.kind}
        onChange={(kind) => set({ kind: kind as RefundDraft['kind'] })}
        options={REFUND_KINDS.map((kind) => ({ value: kind, label: t(`orders.kind.${kind}`) }))}
      />
      {draft.kind === 'lines' && (
        <Box role="group" aria-label={t('orders.refund.lines')} sx={{ display: 'grid', gap: 1.5 }}>
          {order.lines.map((line) => {
            const left = line.quantity - line.refunded_quantity;
            return (
              <TextField
                key={line.line_id}
                size="small"
                type="number"
                label={t('orders.refund.unitsOf', { name: line.name })}
                helperText={t('orders.refund.unitsLeft', { left, of: line.quantity, total: money(line.line_total) })}
                disabled={left === 0}
                value={draft.units[line.line_id] ?? ''}
                onChange={(event) => set({ units: { ...draft.units, [line.line_id]: event.target.value } })}
                slotProps={{ htmlInput: { min: 0, max: left, step: 1 } }}
              />
            );
          })}
        </Box>
      )}
      {draft.kind === 'amount' && (
        <TextField
          size="small"
          type="number"
          label={t('orders.refund.amount')}
          value={draft.amount}
          onChange={(event) => set({ amount: event.target.value })}
          error={Boolean(errorOf('amount'))}
          helperText={errorOf('amount')}
          slotProps={{ htmlInput: { min: 0, step: 'any' }, input: { startAdornment: moneyAdornment(order.currency) } }}
        />
      )}
      {draft.kind === 'full' && (
        <Typography>{t('orders.refund.fullText', { amount: money(order.refundable) })}</Typography>
      )}
      {shown && shown.field !== 'amount' && shown.field !== 'reason' && (
        <Alert severity="error" role="alert">
          {shown.message}
        </Alert>
      )}
      <TextField
        size="small"
        label={t('orders.refund.reason')}
        required
        multiline
        minRows={2}
        value={draft.reason}
        onChange={(event) => set({ reason: event.target.value })}
        error={Boolean(errorOf('reason'))}
        helperText={errorOf('reason')}
        slotProps={{ htmlInput: { maxLength: REFUND_REASON_MAX } }}
      />
      {refund.isError && <Alert severity="error">{describeError(refund.error, i18n)}</Alert>}
    </FormShell>
  );
}
