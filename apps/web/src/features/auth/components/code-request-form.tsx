import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { isValidEmail, isValidPhone, PHONE_LENGTH, sanitisePhoneInput } from '@cd/core';
import { useNotify } from '../../../components/notifier';
import { TextInput } from '../../../components/text-input';
import { describeError } from '../../../lib/server-message';
import { useSendLoginOtp, type CodeRequest } from '../sign-in-api';
import { savePendingLogin, type CodeTarget } from '../pending-login';

type Props = {
  target: CodeTarget;
  /** The login screen's location parameter, kept so Back on the code screen returns to it. */
  location: string;
  onCodeSent: () => void;
};

const FIELDS = {
  phone: {
    valid: isValidPhone,
    sanitise: sanitisePhoneInput,
    label: 'login.phoneNumber',
    hint: 'login.phoneHelper',
    input: { type: 'tel', autoComplete: 'tel-national', inputProps: { inputMode: 'numeric', maxLength: PHONE_LENGTH } },
  },
  email: {
    valid: isValidEmail,
    sanitise: (raw: string) => raw,
    label: 'login.email',
    hint: 'login.emailHelper',
    input: { type: 'email', autoComplete: 'email' },
  },
} as const;

/** Phone or e-mail sign-in, first step (spec 000 §4, §5): Get OTP only for a valid number or address. */
export function CodeRequestForm({ target, location, onCodeSent }: Props) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const sendOtp = useSendLoginOtp();
  const field = FIELDS[target];
  const [value, setValue] = useState('');
  const valid = field.valid(value);
  // The hint appears once something invalid has been typed, never on an empty field.
  const showHint = value.length > 0 && !valid;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || sendOtp.isPending) return;
    const request: CodeRequest = target === 'phone' ? { target, phone_number: value } : { target, email: value.trim() };
    sendOtp.mutate(request, {
      onSuccess: (answer) => {
        savePendingLogin({
          ...request,
          userid: answer.userid,
          mfa_details: answer.mfa_details,
          location,
          sentAt: Date.now(),
        });
        if (answer.message) notify({ severity: 'success', message: answer.message });
        onCodeSent();
      },
      onError: (error) => notify({ severity: 'error', message: describeError(error, i18n) }),
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack spacing={2}>
        <TextInput
          {...field.input}
          label={t(field.label)}
          name={target}
          autoFocus
          value={value}
          onChange={(event) => setValue(field.sanitise(event.target.value))}
          error={showHint}
          helperText={showHint ? t(field.hint) : ' '}
        />
        <Button type="submit" variant="contained" size="large" disabled={!valid || sendOtp.isPending}>
          {t('login.getOtp')}
        </Button>
      </Stack>
    </form>
  );
}
