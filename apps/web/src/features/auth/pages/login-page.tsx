import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from '../../../lib/sign-in-router';
import { useLoginState } from '../../../lib/login-state';
import { useNotify } from '../../../components/notifier';
import { AuthCard } from '../components/auth-card';
import { CodeRequestForm } from '../components/code-request-form';
import { LoginModeTabs } from '../components/login-mode-tabs';
import { PasswordLoginForm } from '../components/password-login-form';
import { SsoOptions } from '../components/sso-options';
import { parseLoginMode, type LoginMode } from '../login-mode';

/** Navigation state other screens pass to the login screen: a message to show on arrival. */
export type LoginRouteState = { message?: string } | null;

/** Login screen (spec 000 §2.1): `location` selects the SSO options, `mode` the phone or e-mail form. */
export function LoginPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const routeLocation = useLocation();
  const [params, setParams] = useSearchParams();
  const { loggedIn } = useLoginState();
  const mode = parseLoginMode(params.get('mode'));
  const location = params.get('location') ?? '';
  const arrivalMessage = (routeLocation.state as LoginRouteState)?.message;

  useEffect(() => {
    if (!arrivalMessage) return;
    notify({ severity: 'error', message: arrivalMessage });
    // Shown once: drop it from the history entry so a reload does not repeat it.
    void navigate({ search: routeLocation.search }, { replace: true, state: null });
  }, [arrivalMessage, notify, navigate, routeLocation.search]);

  if (loggedIn) return <Navigate to="/" replace />;

  const handleModeChange = (next: LoginMode) => {
    const nextParams = new URLSearchParams(params);
    if (next === 'password') nextParams.delete('mode');
    else nextParams.set('mode', next);
    setParams(nextParams);
  };

  const goHome = () => void navigate('/', { replace: true });

  return (
    <AuthCard title={t('login.title')}>
      <LoginModeTabs mode={mode} onChange={handleModeChange} />
      {mode === 'password' ? (
        <PasswordLoginForm onSignedIn={goHome} />
      ) : (
        <CodeRequestForm key={mode} target={mode} location={location} onCodeSent={() => void navigate('/verify')} />
      )}
      <SsoOptions location={location} />
    </AuthCard>
  );
}
