import { ContentCopy as ContentCopyIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PAIRING_CODE_TTL_MS } from '@cd/core';
import { useSnackbar } from '../../../components/snackbar';
import { copyToClipboard } from '../../../lib/clipboard';
import { formatTime } from '../format';

export type PairingCode = { device: string; code: string; expiresAt: string | null };

/**
 * The pairing code of a licence just activated, shown this once (the server keeps only its hash): big, with
 * when it expires (15 minutes) and a copy button. Closing forgets it; a new one needs the licence reset.
 */
export function PairingCodeDialog({ pairing, onClose }: { pairing: PairingCode; onClose: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const titleId = useId();
  const expires = pairing.expiresAt ?? new Date(Date.now() + PAIRING_CODE_TTL_MS).toISOString();
  const copy = async () => {
    const copied = await copyToClipboard(pairing.code);
    snackbar.show(t(copied ? 'counters.pairing.copied' : 'counters.pairing.copyFailed'), copied ? 'success' : 'error');
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('counters.pairing.title', { name: pairing.device })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography>{t('counters.pairing.intro')}</Typography>
        <Box
          aria-label={t('counters.pairing.code')}
          role="status"
          sx={{
            fontFamily: 'monospace',
            fontSize: { xs: '2rem', sm: '2.75rem' },
            fontWeight: 700,
            letterSpacing: '0.2em',
            textAlign: 'center',
            py: 2,
            borderRadius: 1,
            bgcolor: 'action.hover',
            userSelect: 'all',
          }}
        >
          {pairing.code}
        </Box>
        <Typography>{t('counters.pairing.expires', { at: formatTime(expires) })}</Typography>
        <Typography color="text.secondary">{t('counters.pairing.once')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t('counters.pairing.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('counters.pairing.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
