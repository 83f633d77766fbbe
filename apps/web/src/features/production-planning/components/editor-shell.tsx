import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Close as CloseIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

type Props = {
  title: string;
  subtitle?: ReactNode;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  actions: ReactNode;
  children: ReactNode;
};

/**
 * The plan editor's frame: FormShell's layout (title, close button, scrolling body, footer in view) as a wide
 * dialog, whole-screen on a phone, so the table of items has room and the title stays above the top bar (a
 * FormShell drawer opens under it).
 */
export function EditorShell({ title, subtitle, onClose, onSubmit, actions, children }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      {subtitle && (
        <Typography variant="body2" color="text.secondary" component="div" sx={{ px: 3, mt: -1.5, pb: 1.5 }}>
          {subtitle}
        </Typography>
      )}
      <IconButton aria-label={t('resource.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={titleId} sx={{ display: 'contents' }}>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>{actions}</DialogActions>
      </Box>
    </Dialog>
  );
}
