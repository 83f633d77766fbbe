import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PopupIcon, type PopupType } from './popup-icon';

export type AlertPopupProps = {
  alertType: PopupType;
  /** Default: the capitalised type and '!' ('Success!', 'Failure!', 'Warning!'). */
  alertTitle?: string;
  /** The popup is open exactly while this is non-empty (spec 000 §2.4). */
  alertPrimaryText: string;
  alertSecondaryText?: string;
  /** Default 'Got it'. */
  alertButtonLabel?: string;
  /** Called on the button (and on Escape); the page clears alertPrimaryText to close it. */
  onClose: () => void;
};

/** A message with one button, e.g. the result of a save. Controlled entirely by its text. */
export function AlertPopup({
  alertType,
  alertTitle,
  alertPrimaryText,
  alertSecondaryText,
  alertButtonLabel,
  onClose,
}: AlertPopupProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const open = alertPrimaryText !== '';

  // A click outside does not dismiss: the user must acknowledge the message.
  const handleClose = (_event: unknown, reason: 'backdropClick' | 'escapeKeyDown') => {
    if (reason === 'escapeKeyDown') onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={handleClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogContent sx={{ textAlign: 'center', pb: 1 }}>
        <PopupIcon type={alertType} />
        <DialogTitle id={titleId} sx={{ px: 0, pt: 1, pb: 1 }}>
          {alertTitle ?? t(`widgets.alertPopup.titles.${alertType}`)}
        </DialogTitle>
        <div id={textId}>
          <Typography>{alertPrimaryText}</Typography>
          {alertSecondaryText && <Typography color="text.secondary">{alertSecondaryText}</Typography>}
        </div>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          {alertButtonLabel ?? t('widgets.common.gotIt')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
