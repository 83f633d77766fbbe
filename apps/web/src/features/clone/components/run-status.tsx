import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { CloneRun } from '@cd/core';

/** A clone's state: running, or how many targets were cloned and left alone. */
export function RunStatus({ run }: { run: CloneRun }) {
  const { t } = useTranslation();
  if (run.status === 'queued' || run.status === 'running') {
    return <Chip size="small" color="info" label={t('clone.status.running')} />;
  }
  const cloned = run.results.filter((r) => r.status === 'cloned').length;
  const alone = run.results.filter((r) => r.status === 'left_alone').length;
  const same = run.results.filter((r) => r.status === 'unchanged').length;
  const label = [
    t('clone.status.cloned', { count: cloned }),
    same ? t('clone.status.same', { count: same }) : '',
    alone ? t('clone.status.leftAlone', { count: alone }) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return <Chip size="small" color={alone ? 'warning' : 'success'} variant="outlined" label={label} />;
}
