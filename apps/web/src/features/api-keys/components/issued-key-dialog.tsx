import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ContentCopy as ContentCopyIcon } from '../../../components/icons';
import { useSnackbar } from '../../../components/snackbar';
import { copyToClipboard } from '../../../lib/clipboard';
import type { IssuedKey } from '../api';

/**
 * A key just made or rotated, shown this once (the server keeps only its hash), with a copy button; `note` says
 * what became of the old key after a rotation. Closing forgets it.
 */
export function IssuedKeyDialog({ issued, note, onClose }: { issued: IssuedKey; note?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const titleId = useId();
  const copy = async () => {
    const copied = await copyToClipboard(issued.key);
    snackbar.show(t(copied ? 'apiKeys.secret.copied' : 'apiKeys.secret.copyFailed'), copied ? 'success' : 'error');
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('apiKeys.secret.title', { app: issued.api_key.api_client })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography>{t('apiKeys.secret.once')}</Typography>
        <Box
          aria-label={t('apiKeys.secret.label')}
          role="status"
          data-testid="issued-key"
          sx={{
            fontFamily: 'monospace',
            fontSize: '1rem',
            wordBreak: 'break-all',
            p: 2,
            borderRadius: 1,
            bgcolor: 'action.hover',
            userSelect: 'all',
          }}
        >
          {issued.key}
        </Box>
        {note && <Typography>{note}</Typography>}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t('apiKeys.secret.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('apiKeys.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
