import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from '../../../lib/sign-in-router';
import { describeError } from '../../../lib/server-message';
import { useSsoComplete } from '../sign-in-api';
import { loginPath } from '../login-mode';
import { clearSso, loadSso } from '../sso-storage';
import type { LoginRouteState } from './login-page';

/**
 * Single-sign-on return screen (spec 000 §2.1, §7): the provider sends the browser here with ?status=ok or
 * ?status=error&message=…; login completes from the values stored before the redirect.
 */
export function SsoReturnPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const complete = useSsoComplete();
  const started = useRef(false);

  useEffect(() => {
    // Runs once per arrival: a second completion would reuse a spent token.
    if (started.current) return;
    started.current = true;

    const stored = loadSso();
    clearSso();
    const backToLogin = (message: string) => {
      const state: LoginRouteState = { message };
      void navigate(loginPath('password', stored?.location ?? ''), { replace: true, state });
    };

    if (params.get('status') !== 'ok' || !stored) {
      backToLogin(params.get('message') || t('errorMsgs.general'));
      return;
    }
    complete.mutate(
      { token: stored.login_token, sso_action: stored.sso_action, location: stored.location },
      {
        onSuccess: () => void navigate('/', { replace: true }),
        onError: (error) => backToLogin(describeError(error, i18n)),
      },
    );
  }, [complete, i18n, navigate, params, t]);

  if (complete.isSuccess) return <Navigate to="/" replace />;

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }}
    >
      <CircularProgress size={28} aria-hidden />
      <Typography role="status">{t('sso.completing')}</Typography>
    </Box>
  );
}
