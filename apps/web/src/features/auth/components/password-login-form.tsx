import { useState, type FormEvent, type KeyboardEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { isCorporateUserId } from '@cd/core';
import { useNotify } from '../../../components/notifier';
import { TextInput } from '../../../components/text-input';
import { CORPORATE_EMAIL_DOMAIN } from '../../../lib/config';
import { describeError } from '../../../lib/server-message';
import { usePasswordLogin } from '../sign-in-api';

type Props = { onSignedIn: () => void };

/**
 * User id and password sign-in (spec 000 §5): both trimmed values are needed; corporate ids must use SSO.
 * The sign-in forms keep plain state: react-hook-form would cost the initial-JS budget (DESIGN.md §7)
 * more than two fields are worth.
 */
export function PasswordLoginForm({ onSignedIn }: Props) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const login = usePasswordLogin();
  const [userid, setUserid] = useState('');
  const [password, setPassword] = useState('');
  const filled = userid.trim().length > 0 && password.trim().length > 0;

  const submit = () => {
    if (login.isPending) return;
    if (!filled) {
      notify({ severity: 'warning', message: t('login.enterIdAndPassword') });
      return;
    }
    const id = userid.trim();
    if (isCorporateUserId(id, CORPORATE_EMAIL_DOMAIN)) {
      notify({ severity: 'warning', message: t('login.useSso') });
      return;
    }
    // The password is sent as typed: only the emptiness check trims it.
    login.mutate(
      { userid: id, password },
      {
        onSuccess: onSignedIn,
        onError: (error) => notify({ severity: 'error', message: describeError(error, i18n) }),
      },
    );
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  // The button stays disabled until both fields are filled, which also blocks the browser's implicit
  // submission; Enter is handled here so that an empty submit still explains what is missing.
  const handleKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    submit();
  };

  return (
    <form noValidate onSubmit={handleSubmit} onKeyDown={handleKeyDown}>
      <Stack spacing={2}>
        <TextInput
          label={t('login.userId')}
          name="userid"
          autoComplete="username"
          autoFocus
          value={userid}
          onChange={(event) => setUserid(event.target.value)}
        />
        <TextInput
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant="contained" size="large" disabled={!filled || login.isPending}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
