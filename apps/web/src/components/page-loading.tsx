import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** What shows while a page or the authentication check loads (spec 000 §2.2: a loading text). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ minHeight: '50vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Typography color="text.secondary">{t('app.loading')}</Typography>
    </Box>
  );
}
