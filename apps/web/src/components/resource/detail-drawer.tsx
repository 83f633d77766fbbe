import { useId, type ReactNode } from 'react';
import { Close as CloseIcon } from '../icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type Props = {
  title: string;
  subtitle?: ReactNode;
  onClose: () => void;
  /** The record is still loading (a spinner), or failed to load (the message, and Retry when given). */
  loading?: boolean;
  error?: string;
  onRetry?: () => void;
  /** Buttons of the header (e.g. Refund). */
  actions?: ReactNode;
  width?: number;
  children?: ReactNode;
};

/**
 * One record's read-only detail in a right-hand drawer (ResourceListPage's `detail`, opened by `?view=<id>`):
 * a header with the title, its actions and a close button, then a scrolling body.
 */
export function DetailDrawer({
  title,
  subtitle,
  onClose,
  loading,
  error,
  onRetry,
  actions,
  width = 820,
  children,
}: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      // Above the app's top bar (drawer + 1), which would otherwise cover the header and its actions.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          'aria-busy': Boolean(loading),
          sx: { width: { xs: '100vw', md: width }, maxWidth: '100vw', display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <DialogTitle id={titleId} sx={{ pb: subtitle ? 0 : 2 }}>
            {title}
          </DialogTitle>
          {subtitle && (
            // A div: a subtitle may hold chips (divs), which a paragraph cannot.
            <Typography component="div" variant="body2" color="text.secondary" sx={{ px: 3, pb: 1.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions}
        <IconButton aria-label={t('resource.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      {/* The body scrolls: reachable and scrolled by keyboard even when it holds no control (axe
          scrollable-region-focusable; a phone's detail is cards, no table region of its own). */}
      <Box
        role="region"
        aria-labelledby={titleId}
        tabIndex={0}
        sx={{
          flex: 1,
          overflowY: 'auto',
          p: 3,
          display: 'flex',
          flexDirection: 'column',
          gap: 3,
          '&:focus-visible': { outline: (theme) => `2px solid ${theme.palette.text.primary}`, outlineOffset: -2 },
        }}
      >
        {loading && <CircularProgress aria-label={t('resource.loading')} sx={{ alignSelf: 'center' }} />}
        {error && (
          <Alert
            severity="error"
            action={
              onRetry && (
                <Button color="inherit" size="small" onClick={onRetry}>
                  {t('resource.retry')}
                </Button>
              )
            }
          >
            {error}
          </Alert>
        )}
        {!loading && !error && children}
      </Box>
    </Drawer>
  );
}
