import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/notifier';
import { describeError } from '../../../lib/server-message';
import { useSendLoginOtp, type CodeRequest } from '../sign-in-api';
import { savePendingLogin, type PendingLogin } from '../pending-login';
import { useResendCountdown } from '../use-resend-countdown';

type Props = { pending: PendingLogin; onResent: (pending: PendingLogin) => void };

function codeRequest(pending: PendingLogin): CodeRequest {
  return pending.target === 'phone'
    ? { target: 'phone', phone_number: pending.phone_number ?? '' }
    : { target: 'email', email: pending.email ?? '' };
}

/** Resend with the 60-second countdown of spec 000 §4; success shows the server message, else 'OTP Sent'. */
export function ResendOtpButton({ pending, onResent }: Props) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const sendOtp = useSendLoginOtp();
  const remaining = useResendCountdown(pending.sentAt);

  const handleResend = () => {
    sendOtp.mutate(codeRequest(pending), {
      onSuccess: (answer) => {
        const next: PendingLogin = {
          ...pending,
          userid: answer.userid || pending.userid,
          mfa_details: answer.mfa_details ?? pending.mfa_details,
          sentAt: Date.now(),
        };
        savePendingLogin(next);
        onResent(next);
        notify({ severity: 'success', message: answer.message || t('verify.otpSent') });
      },
      onError: (error) => notify({ severity: 'error', message: describeError(error, i18n) }),
    });
  };

  return (
    <Button variant="text" onClick={handleResend} disabled={remaining > 0 || sendOtp.isPending}>
      {remaining > 0 ? (
        <span data-testid="resend-countdown">{t('verify.resendIn', { seconds: remaining })}</span>
      ) : (
        t('verify.resend')
      )}
    </Button>
  );
}
