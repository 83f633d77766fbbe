import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { CampaignStatus } from '@cd/core';

const COLOURS: Record<CampaignStatus, ChipProps['color']> = {
  draft: 'default',
  scheduled: 'info',
  sending: 'warning',
  sent: 'success',
  cancelled: 'default',
};

/** A campaign's status as a chip (draft, scheduled, sending, sent, cancelled). */
export function StatusChip({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={status === 'cancelled' || status === 'draft' ? 'outlined' : 'filled'}
      color={COLOURS[status]}
      label={t(`campaigns.status.${status}`)}
    />
  );
}
