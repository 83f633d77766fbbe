import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { NotificationStatus } from '@cd/core';

const COLOURS: Record<NotificationStatus, ChipProps['color']> = {
  draft: 'default',
  scheduled: 'info',
  sending: 'warning',
  sent: 'success',
  cancelled: 'default',
  failed: 'error',
};

/** A notification's status as a chip. */
export function StatusChip({ status }: { status: NotificationStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={status === 'cancelled' || status === 'draft' ? 'outlined' : 'filled'}
      color={COLOURS[status]}
      label={t(`notifications.status.${status}`)}
    />
  );
}
