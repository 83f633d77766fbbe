import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type Props = { title: string; children: ReactNode };

/** The frame of the sign-in screens: product name, a title and the form. */
export function AuthCard({ title, children }: Props) {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Typography variant="overline" component="p" color="text.secondary">
          {t('app.title')}
        </Typography>
        <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 700 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
