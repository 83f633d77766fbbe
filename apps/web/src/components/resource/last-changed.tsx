import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatSyncTime } from '../../lib/format';

export type Audited = { updated_at: string; updated_by: string | null };

/** Who changed a record last and when (DD-MM-YYYY HH:mm): two lines in a table cell, one sentence inline. */
export function LastChanged({ row, inline = false }: { row: Audited; inline?: boolean }) {
  const { t } = useTranslation();
  const who = row.updated_by ?? t('resource.system');
  const when = formatSyncTime(row.updated_at) ?? '';
  if (inline) return <>{t('resource.lastChanged', { who, when })}</>;
  return (
    <>
      <Typography variant="body2">{who}</Typography>
      <Typography variant="caption" color="text.secondary">
        {when}
      </Typography>
    </>
  );
}
