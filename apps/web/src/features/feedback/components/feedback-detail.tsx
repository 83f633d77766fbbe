import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DetailDrawer, DetailFacts } from '../../../components/resource';
import { describeError } from '../../../lib/server-message';
import { useFeedbackDetail } from '../api';
import { formatTime, stars } from '../format';
import { FeedbackHandling } from './feedback-handling';
import { ReplyThread } from './reply-thread';

/** One ticket: what the customer said about which order or site, who handles it, and the thread of replies. */
export function FeedbackDetailDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const detail = useFeedbackDetail(id);
  const ticket = detail.data;
  const k = (key: string) => t(`feedback.detail.${key}`);

  return (
    <DetailDrawer
      title={ticket ? t(`feedback.detail.title.${ticket.type}`, { id: ticket.feedback_id }) : k('loadingTitle')}
      subtitle={
        ticket && (
          <>
            <Chip size="small" label={t(`feedback.status.${ticket.status}`)} sx={{ mr: 1 }} />
            {ticket.source
              ? t('feedback.detail.received', { when: formatTime(ticket.created_at), source: ticket.source })
              : t('feedback.detail.receivedNoSource', { when: formatTime(ticket.created_at) })}
          </>
        )
      }
      onClose={onClose}
      loading={detail.isPending}
      error={detail.isError ? describeError(detail.error, i18n) : undefined}
      onRetry={() => void detail.refetch()}
      width={720}
    >
      {ticket && (
        <>
          <DetailFacts
            label={k('summary')}
            facts={[
              [k('site'), [ticket.restaurant_name, ticket.foodcourt_name].filter(Boolean).join(' · ')],
              [
                k('order'),
                ticket.order_id !== null ? (
                  <Link component={RouterLink} to={`/orderhistory?view=${ticket.order_id}`}>
                    {ticket.order_number ?? ticket.order_id}
                  </Link>
                ) : (
                  '—'
                ),
              ],
              [k('rating'), stars(ticket.rating)],
              [k('module'), `${t(`feedback.type.${ticket.type}`)} · ${t(`feedback.category.${ticket.category}`)}`],
              [k('customer'), [ticket.customer_name, ticket.customer_ref].filter(Boolean).join(' · ') || '—'],
              [k('contact'), ticket.contact || '—'],
            ]}
          />
          <section>
            <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
              {k('comment')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{ticket.comment || k('noComment')}</Typography>
          </section>
          <FeedbackHandling ticket={ticket} reload={() => void detail.refetch()} />
          <ReplyThread ticket={ticket} />
        </>
      )}
    </DetailDrawer>
  );
}
