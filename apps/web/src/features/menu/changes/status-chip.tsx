import { useTranslation } from 'react-i18next';
import type { MenuChangeStatus } from '@cd/core';
import { StatusChip, type StatusTone } from '../../../components/status-chip';

const TONES: Record<MenuChangeStatus, StatusTone> = {
  draft: 'quiet',
  scheduled: 'info',
  published: 'success',
  failed: 'error',
  cancelled: 'quiet',
};

/** A scheduled change's status as a chip (draft, scheduled, published, failed, cancelled). */
export function ChangeStatusChip({ status }: { status: MenuChangeStatus }) {
  const { t } = useTranslation();
  return <StatusChip tone={TONES[status]} label={t(`menuChanges.status.${status}`)} />;
}
