import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PopupIcon, type PopupType } from './popup-icon';

export type ConfirmPopupProps = {
  open: boolean;
  type: PopupType;
  title: string;
  primaryText?: string;
  secondaryText?: string;
  /** Default 'OK' (spec 000 §2.4). */
  positiveLabel?: string;
  /** Default 'Cancel' (spec 000 §2.4). */
  negativeLabel?: string;
  onPositive: () => void;
  /** Also called on Escape and on a click outside: leaving the question unanswered means "no". */
  onNegative: () => void;
  /**
   * The answer that has the focus when the question opens (default the positive one). 'negative' where the positive
   * answer throws work away (discarding unsaved edits): Enter then keeps it (issue 35).
   */
  initialFocus?: 'positive' | 'negative';
};

/** A question with a success, failure or warning icon, a title, two text lines and two answers. */
export function ConfirmPopup({
  open,
  type,
  title,
  primaryText,
  secondaryText,
  positiveLabel,
  negativeLabel,
  onPositive,
  onNegative,
  initialFocus = 'positive',
}: ConfirmPopupProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onNegative}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogContent sx={{ textAlign: 'center', pb: 1 }}>
        <PopupIcon type={type} />
        <DialogTitle id={titleId} sx={{ px: 0, pt: 1, pb: 1 }}>
          {title}
        </DialogTitle>
        <div id={textId}>
          {primaryText && <Typography>{primaryText}</Typography>}
          {secondaryText && <Typography color="text.secondary">{secondaryText}</Typography>}
        </div>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 2, gap: 1 }}>
        <Button variant="outlined" onClick={onNegative} autoFocus={initialFocus === 'negative'}>
          {negativeLabel ?? t('widgets.common.cancel')}
        </Button>
        <Button variant="contained" onClick={onPositive} autoFocus={initialFocus === 'positive'}>
          {positiveLabel ?? t('widgets.common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
