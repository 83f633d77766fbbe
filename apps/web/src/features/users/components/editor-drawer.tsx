import { useId, type FormEventHandler, type ReactNode } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type Props = {
  title: string;
  subtitle?: ReactNode;
  onClose: () => void;
  /** The sticky footer: Cancel / Save. */
  actions?: ReactNode;
  children: ReactNode;
  width?: number;
  /** Makes the drawer's content a form; its Save button submits it. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
};

/** A right-hand drawer holding one record's form: a header, a scrolling body and a sticky footer. */
export function EditorDrawer({ title, subtitle, onClose, actions, children, width = 920, onSubmit }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: { xs: '100vw', md: width }, maxWidth: '100vw' },
        },
      }}
    >
      <Box
        component={onSubmit ? 'form' : 'div'}
        noValidate={onSubmit ? true : undefined}
        onSubmit={onSubmit}
        sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'flex-start',
            gap: 1,
            px: 3,
            py: 2,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={titleId} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary">
                {subtitle}
              </Typography>
            )}
          </Box>
          <IconButton aria-label={t('users.common.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Box sx={{ flex: 1, overflowY: 'auto', px: 3, py: 2 }}>{children}</Box>
        {actions && (
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'flex-end',
              gap: 1,
              px: 3,
              py: 1.5,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            {actions}
          </Box>
        )}
      </Box>
    </Drawer>
  );
}
