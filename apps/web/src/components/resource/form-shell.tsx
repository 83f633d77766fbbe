import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Close as CloseIcon } from '../icons';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export type FormShellVariant = 'dialog' | 'drawer';

type Props = {
  variant: FormShellVariant;
  title: string;
  subtitle?: ReactNode;
  /** Close button and Escape: the caller asks first when there are unsaved edits. */
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The footer: Cancel / Save (a submit button, so Enter saves). */
  actions: ReactNode;
  /** The drawer's width on wide screens (it takes the whole width of a phone). */
  width?: number;
  children: ReactNode;
};

/**
 * Where one record's form is shown: a centred dialog for a few fields, a right-hand drawer for long forms.
 * Either way a header with the title and a close button, a scrolling body and a footer that stays in view.
 */
export function FormShell({ variant, title, subtitle, onClose, onSubmit, actions, width = 920, children }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const close = (
    <IconButton aria-label={t('resource.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
      <CloseIcon />
    </IconButton>
  );
  const heading = (
    <>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      {subtitle && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 3, mt: -1.5, pb: 1.5 }}>
          {subtitle}
        </Typography>
      )}
      {close}
    </>
  );
  // display: contents keeps the dialog's column layout, so only the content scrolls.
  const form = (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={titleId} sx={{ display: 'contents' }}>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>{actions}</DialogActions>
    </Box>
  );

  if (variant === 'drawer') {
    return (
      <Drawer
        anchor="right"
        open
        onClose={onClose}
        // Above the top bar (which sits above the navigation drawer), as DetailDrawer: else its title and close
        // button open hidden under the bar.
        sx={{ zIndex: (theme) => theme.zIndex.modal }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-modal': true,
            'aria-labelledby': titleId,
            sx: { width: { xs: '100vw', md: width }, maxWidth: '100vw', display: 'flex', flexDirection: 'column' },
          },
        }}
      >
        <Box sx={{ position: 'relative' }}>{heading}</Box>
        {form}
      </Drawer>
    );
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      {heading}
      {form}
    </Dialog>
  );
}
