import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { MenuChangeStatus } from '@cd/core';

const COLOURS: Record<MenuChangeStatus, ChipProps['color']> = {
  draft: 'default',
  scheduled: 'info',
  published: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** A scheduled change's status as a chip (draft, scheduled, published, failed, cancelled). */
export function ChangeStatusChip({ status }: { status: MenuChangeStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={status === 'cancelled' || status === 'draft' ? 'outlined' : 'filled'}
      color={COLOURS[status]}
      label={t(`menuChanges.status.${status}`)}
    />
  );
}
