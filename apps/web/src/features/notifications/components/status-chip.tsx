import { useTranslation } from 'react-i18next';
import type { NotificationStatus } from '@cd/core';
import { StatusChip as Chip, type StatusTone } from '../../../components/status-chip';

const TONES: Record<NotificationStatus, StatusTone> = {
  draft: 'quiet',
  scheduled: 'info',
  sending: 'warning',
  sent: 'success',
  cancelled: 'quiet',
  failed: 'error',
};

/** A notification's status as a chip. */
export function StatusChip({ status }: { status: NotificationStatus }) {
  const { t } = useTranslation();
  return <Chip tone={TONES[status]} label={t(`notifications.status.${status}`)} />;
}
