import { useState } from 'react';
import { ContentCopy as ContentCopyIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../../lib/clipboard';
import { downloadImage, type QrCode } from '../api';

/** The code's signed short link with a button that copies it. */
export function LinkCell({ code }: { code: QrCode }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const label = t('qrCodes.copyLink', { label: code.label });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Box component="span" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: 13 }}>
        {code.link}
      </Box>
      <Tooltip
        title={state === 'copied' ? t('widgets.copy.copied') : state === 'failed' ? t('widgets.copy.failed') : label}
        onClose={() => setState('idle')}
      >
        <IconButton
          size="small"
          aria-label={label}
          onClick={() => void copyToClipboard(code.link).then((ok) => setState(ok ? 'copied' : 'failed'))}
        >
          <ContentCopyIcon sx={{ fontSize: 16 }} />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/** Download one code as PNG or SVG. */
export function ImageButtons({ code }: { code: QrCode }) {
  const { t } = useTranslation();
  return (
    <>
      {(['png', 'svg'] as const).map((format) => (
        <Button
          key={format}
          size="small"
          aria-label={t('qrCodes.downloadAs', { label: code.label, format: format.toUpperCase() })}
          onClick={() => downloadImage(code.id, format)}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </>
  );
}
