import { useTranslation } from 'react-i18next';
import type { CampaignStatus } from '@cd/core';
import { StatusChip as Chip, type StatusTone } from '../../../components/status-chip';

const TONES: Record<CampaignStatus, StatusTone> = {
  draft: 'quiet',
  scheduled: 'info',
  sending: 'warning',
  sent: 'success',
  cancelled: 'quiet',
};

/** A campaign's status as a chip (draft, scheduled, sending, sent, cancelled). */
export function StatusChip({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return <Chip tone={TONES[status]} label={t(`campaigns.status.${status}`)} />;
}
