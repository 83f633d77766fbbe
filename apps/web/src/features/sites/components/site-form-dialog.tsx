import { useId, type FormEventHandler, type ReactNode } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type Props = {
  title: string;
  subtitle?: ReactNode;
  /** Close, Escape and Cancel: the caller asks first when there are unsaved edits. */
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving?: boolean;
  children: ReactNode;
};

/** A small form in a dialog: title, fields, Cancel and Save (a submit button, so Enter saves). */
export function SiteFormDialog({ title, subtitle, onClose, onSubmit, saving, children }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      {subtitle && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 3, mt: -1.5, pb: 1.5 }}>
          {subtitle}
        </Typography>
      )}
      <IconButton
        aria-label={t('sites.common.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      {/* display: contents keeps the dialog's column layout, so only the content scrolls. */}
      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={titleId} sx={{ display: 'contents' }}>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('sites.common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {t('sites.common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
