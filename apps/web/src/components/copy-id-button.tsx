import { useState } from 'react';
import { ContentCopy as ContentCopyIcon } from './icons';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../lib/clipboard';

/** A small button beside an id (user, restaurant, item) that copies it; says whether it worked. */
export function CopyIdButton({ id }: { id: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const label =
    state === 'copied'
      ? t('widgets.copy.copied')
      : state === 'failed'
        ? t('widgets.copy.failed')
        : t('widgets.copy.label', { id });
  return (
    <Tooltip title={label} onClose={() => setState('idle')}>
      <IconButton
        size="small"
        aria-label={t('widgets.copy.label', { id })}
        onClick={(event) => {
          event.stopPropagation();
          void copyToClipboard(id).then((ok) => setState(ok ? 'copied' : 'failed'));
        }}
      >
        <ContentCopyIcon sx={{ fontSize: 16 }} />
      </IconButton>
    </Tooltip>
  );
}
