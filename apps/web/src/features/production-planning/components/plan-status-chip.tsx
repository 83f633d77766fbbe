import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { ProductionPlan } from '@cd/core';

/** Draft (outlined) or Approved (green). */
export function PlanStatusChip({ status }: { status: ProductionPlan['status'] }) {
  const { t } = useTranslation();
  return status === 'approved' ? (
    <Chip component="span" size="small" color="success" label={t('productionPlanning.status.approved')} />
  ) : (
    <Chip component="span" size="small" variant="outlined" label={t('productionPlanning.status.draft')} />
  );
}
