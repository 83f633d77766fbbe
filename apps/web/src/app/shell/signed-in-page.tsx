import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/notifier';
import { describeError } from '../../lib/server-message';
import { useLogout, useProfile } from '../../features/auth';
import { useLoginState } from '../login-state';
import { TopBar } from './top-bar';

/** The signed-in home (minimal until the full shell of spec 000 §2.2 lands). */
export function SignedInPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const { user } = useLoginState();
  const profile = useProfile();
  const logout = useLogout();
  const userid = profile.data?.userid ?? user?.userid ?? '';
  const name = profile.data?.name ?? user?.name ?? '';

  const handleLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => void navigate('/login', { replace: true }),
      onError: (error) => notify({ severity: 'error', message: describeError(error, i18n) }),
    });

  return (
    <Box sx={{ minHeight: '100vh' }}>
      <TopBar userid={userid} name={name} onLogout={handleLogout} loggingOut={logout.isPending} />
      <Box component="main" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {t('home.welcomeTitle')}
        </Typography>
        <Typography color="text.secondary">{t('home.welcomeSubtitle')}</Typography>
      </Box>
    </Box>
  );
}
