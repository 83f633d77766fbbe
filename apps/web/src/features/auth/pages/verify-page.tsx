import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from '../../../lib/sign-in-router';
import { useLoginState } from '../../../lib/login-state';
import { AuthCard } from '../components/auth-card';
import { CodeEntryForm } from '../components/code-entry-form';
import { ResendOtpButton } from '../components/resend-otp-button';
import { loginPath } from '../login-mode';
import { clearPendingLogin, loadPendingLogin, pendingDestination } from '../pending-login';

/** One-time-code verification screen (spec 000 §2.1, §4). Without a pending code request it goes to login. */
export function VerifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loggedIn } = useLoginState();
  const [pending, setPending] = useState(loadPendingLogin);

  if (loggedIn) return <Navigate to="/" replace />;
  if (!pending) return <Navigate to="/login" replace />;

  const handleBack = () => {
    clearPendingLogin();
    void navigate(loginPath(pending.target, pending.location));
  };

  const handleSignedIn = () => {
    clearPendingLogin();
    void navigate('/', { replace: true });
  };

  const sentTo = t(pending.target === 'phone' ? 'verify.sentToPhone' : 'verify.sentToEmail', {
    target: pendingDestination(pending),
  });

  return (
    <AuthCard title={t('verify.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="code-destination">
        {sentTo}
      </Typography>
      <CodeEntryForm pending={pending} onSignedIn={handleSignedIn} />
      <Stack direction="row" justifyContent="space-between" sx={{ mt: 2 }}>
        <Button variant="text" onClick={handleBack}>
          {t('verify.back')}
        </Button>
        <ResendOtpButton pending={pending} onResent={setPending} />
      </Stack>
    </AuthCard>
  );
}
