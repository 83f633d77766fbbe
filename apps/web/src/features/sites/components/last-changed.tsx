import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SiteAudit } from '@cd/core';
import { formatSyncTime } from '../../../lib/format';

/** Who changed a site last and when (DD-MM-YYYY HH:mm): two lines in a table cell, one sentence inline. */
export function LastChanged({ row, inline = false }: { row: SiteAudit; inline?: boolean }) {
  const { t } = useTranslation();
  const who = row.updated_by ?? t('sites.list.system');
  const when = formatSyncTime(row.updated_at) ?? '';
  if (inline) return <>{t('sites.list.lastChangedBy', { who, when })}</>;
  return (
    <>
      <Typography variant="body2">{who}</Typography>
      <Typography variant="caption" color="text.secondary">
        {when}
      </Typography>
    </>
  );
}
