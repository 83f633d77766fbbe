import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Decorative: a cloche on a counter, drawn inline (the app works offline). */
function WelcomeImage() {
  return (
    <Box component="svg" viewBox="0 0 200 140" width={200} height={140} aria-hidden="true" data-testid="welcome-image">
      <ellipse cx="100" cy="128" rx="90" ry="8" fill="#E7E7EC" />
      <rect x="20" y="104" width="160" height="12" rx="6" fill="#2E2E38" />
      <path d="M40 102a60 60 0 0 1 120 0z" fill="#FFC20E" />
      <path d="M58 90a44 44 0 0 1 30-38" stroke="#FFFFFF" strokeWidth="6" strokeLinecap="round" fill="none" />
      <circle cx="100" cy="36" r="8" fill="#2E2E38" />
    </Box>
  );
}

/** Spec 000 §2.2: what a user who is not an admin and holds no page sees. */
export function WelcomePage({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 560, mx: 'auto', mt: { xs: 4, sm: 8 } }}>
      <WelcomeImage />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mt: 3, mb: 1 }}>
        {t('pages.welcome.title', { name })}
      </Typography>
      <Typography color="text.secondary">{t('pages.welcome.subtitle')}</Typography>
    </Box>
  );
}
