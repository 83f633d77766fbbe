import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DetailDrawer } from '../../../components/resource';
import { useLoginState } from '../../../lib/login-state';
import { moneyFormatter } from '../../../lib/money';
import { describeError } from '../../../lib/server-message';
import { useOrderDetail } from '../api';
import { canRefund, formatDate, formatTime } from '../format';
import { OrderSections } from './order-sections';
import { RefundDialog } from './refund-dialog';

type Props = {
  /** The order id (`?view=`). */
  id: string;
  onClose: () => void;
  /** `?dialog=refund` opens the refund dialog over the detail. */
  refundOpen: boolean;
  onRefundOpen: (open: boolean) => void;
};

/** An order's detail: amounts, lines with options, payments, status history and refunds; Refund for holders. */
export function OrderDetailDrawer({ id, onClose, refundOpen, onRefundOpen }: Props) {
  const { t, i18n } = useTranslation();
  const { user } = useLoginState();
  const detail = useOrderDetail(id);
  const order = detail.data;
  const money = moneyFormatter(order?.currency ?? '');
  const refundable = Boolean(order && canRefund(user) && order.refundable > 0);
  const facts: [string, string][] = order
    ? [
        [t('orders.detail.restaurant'), `${order.restaurant_name} · ${order.foodcourt_name}`],
        [t('orders.detail.businessDate'), formatDate(order.business_date)],
        [t('orders.detail.placedAt'), formatTime(order.placed_at)],
        [t('orders.detail.channel'), t(`orders.channel.${order.channel}`)],
        [t('orders.detail.type'), t(`orders.type.${order.order_type}`)],
        [t('orders.detail.session'), order.session || '—'],
        [t('orders.detail.customer'), order.customer_ref || '—'],
        ...(order.subscription_id
          ? ([
              [t('orders.detail.subscription'), t('orders.detail.subscriptionNumber', { id: order.subscription_id })],
            ] as [string, string][])
          : []),
        [t('orders.detail.subtotal'), money(order.subtotal)],
        [t('orders.detail.charges'), money(order.charges)],
        [t('orders.detail.discount'), money(order.discount)],
        [t('orders.detail.tax'), money(order.tax)],
        [t('orders.detail.total'), money(order.total)],
        [t('orders.detail.paid'), money(order.paid)],
        [t('orders.detail.refundedTotal'), money(order.refunded)],
        [t('orders.detail.refundable'), money(order.refundable)],
      ]
    : [];

  return (
    <DetailDrawer
      title={order ? t('orders.detail.title', { number: order.order_number }) : t('orders.detail.loadingTitle')}
      subtitle={
        order && (
          <>
            <Chip size="small" label={t(`orders.status.${order.status}`)} sx={{ mr: 1 }} />
            {t(`orders.refundState.${order.refund_state}`)}
          </>
        )
      }
      onClose={onClose}
      loading={detail.isPending}
      error={detail.isError ? describeError(detail.error, i18n) : undefined}
      onRetry={() => void detail.refetch()}
      actions={
        refundable && (
          <Button variant="contained" onClick={() => onRefundOpen(true)}>
            {t('orders.refund.open')}
          </Button>
        )
      }
    >
      {order && (
        <>
          <Box
            component="dl"
            aria-label={t('orders.detail.summary')}
            sx={{ display: 'grid', gridTemplateColumns: { xs: 'auto 1fr', sm: 'repeat(2, auto 1fr)' }, gap: 1, m: 0 }}
          >
            {facts.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          <OrderSections order={order} money={money} />
          {refundOpen && refundable && <RefundDialog order={order} onClose={() => onRefundOpen(false)} />}
        </>
      )}
    </DetailDrawer>
  );
}
