import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { isValidOtp, OTP_LENGTH } from '@cd/core';
import { useNotify } from '../../../components/notifier';
import { TextInput } from '../../../components/text-input';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/server-message';
import { useVerifyLoginCode } from '../sign-in-api';
import type { PendingLogin } from '../pending-login';

type Props = { pending: PendingLogin; onSignedIn: () => void };

const digitsOnly = (raw: string) => raw.replace(/\D/g, '').slice(0, OTP_LENGTH);
const codeInput = { inputMode: 'numeric', maxLength: OTP_LENGTH } as const;

/** Code entry (spec 000 §5): Verify needs the code, and with two-step sign-in the e-mail code as well. */
export function CodeEntryForm({ pending, onSignedIn }: Props) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const verify = useVerifyLoginCode();
  const twoStep = pending.target === 'phone' && pending.mfa_details.mfa_enabled;
  const [otp, setOtp] = useState('');
  const [emailOtp, setEmailOtp] = useState('');
  /** The code the server refused, marked on its field until it is changed (issue 21). */
  const [refused, setRefused] = useState(false);
  const filled = otp.length > 0 && (!twoStep || emailOtp.length > 0);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!filled || verify.isPending) return;
    if (!isValidOtp(otp) || (twoStep && !isValidOtp(emailOtp))) {
      notify({ severity: 'warning', message: t('verify.enterCode') });
      return;
    }
    verify.mutate(
      { pending, otp, ...(twoStep ? { emailOtp } : {}) },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          setRefused(error instanceof ApiError && error.status >= 400 && error.status < 500);
          notify({ severity: 'error', message: describeError(error, i18n) });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack spacing={2}>
        <TextInput
          label={t('verify.otp')}
          name="otp"
          autoComplete="one-time-code"
          autoFocus
          value={otp}
          onChange={(event) => {
            setRefused(false);
            setOtp(digitsOnly(event.target.value));
          }}
          error={refused}
          helperText={refused ? t('verify.codeRefused') : undefined}
          inputProps={codeInput}
        />
        {twoStep && (
          <TextInput
            label={t('verify.emailOtp')}
            name="email_otp"
            autoComplete="off"
            value={emailOtp}
            onChange={(event) => setEmailOtp(digitsOnly(event.target.value))}
            helperText={t('verify.emailOtpHelper', { email: pending.mfa_details.email })}
            inputProps={codeInput}
          />
        )}
        <Button type="submit" variant="contained" size="large" disabled={!filled || verify.isPending}>
          {t('verify.submit')}
        </Button>
      </Stack>
    </form>
  );
}
