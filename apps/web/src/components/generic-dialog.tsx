import { useId, type ReactNode } from 'react';
import { Close as CloseIcon } from './icons';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';

export type GenericDialogProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The action button shows only when both actionLabel and onAction are given. */
  actionLabel?: string;
  onAction?: () => void;
  actionDisabled?: boolean;
  maxWidth?: DialogProps['maxWidth'];
};

/** A titled dialog with a close button (also Escape) and an optional action button. */
export function GenericDialog({
  open,
  title,
  onClose,
  children,
  actionLabel,
  onAction,
  actionDisabled = false,
  maxWidth = 'sm',
}: GenericDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const hasAction = Boolean(actionLabel && onAction);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      <IconButton
        aria-label={t('widgets.common.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>{children}</DialogContent>
      {hasAction && (
        <DialogActions>
          <Button variant="contained" onClick={onAction} disabled={actionDisabled}>
            {actionLabel}
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
