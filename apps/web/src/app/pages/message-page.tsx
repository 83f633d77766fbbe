import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

type Props = { title: string; text?: string; homeLink?: boolean; children?: ReactNode };

/** A page that only says something: not allowed, not available, not found. */
export function MessagePage({ title, text, homeLink = false, children }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {text && <Typography color="text.secondary">{text}</Typography>}
      {children}
      {homeLink && (
        <Button component={RouterLink} to="/" variant="outlined" sx={{ mt: 3 }}>
          {t('pages.goHome')}
        </Button>
      )}
    </Box>
  );
}
