import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { setPasswordBody } from '@cd/core';
import { GenericDialog, useSnackbar } from '../../../components';
import { describeError } from '../../../lib/server-message';
import { useSetPassword } from '../api';
import { PasswordRuleHint } from '../components/password-rule-hint';
import { applyServerFieldError } from '../server-field-error';
import { FormTextField } from '../../../components/resource';

type Props = { userid: string; onClose: () => void };
type Values = { password: string };

/** Sets or resets an existing user's password; the strength rule shows live under the field. */
export function SetPasswordDialog({ userid, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const form = useForm<Values>({ defaultValues: { password: '' }, resolver: zodResolver(setPasswordBody) });
  const password = useWatch({ control: form.control, name: 'password' });
  const setPassword = useSetPassword({
    onSuccess: (answer) => {
      snackbar.show(answer.message || t('users.password.saved'), 'success');
      onClose();
    },
  });

  const submit = form.handleSubmit(async ({ password: value }) => {
    await setPassword.mutateAsync({ userid, password: value }).catch((error: unknown) => {
      if (!applyServerFieldError(form.setError, ['password'], error, i18n)) {
        snackbar.show(describeError(error, i18n), 'error');
      }
    });
  });

  return (
    <GenericDialog
      open
      title={t('users.password.dialogTitle', { userid })}
      onClose={onClose}
      actionLabel={t('users.password.set')}
      onAction={() => void submit()}
      actionDisabled={setPassword.isPending}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <FormTextField
          control={form.control}
          name="password"
          type="password"
          label={t('users.password.new')}
          autoComplete="new-password"
          autoFocus
          fullWidth
          hint={<PasswordRuleHint value={password} />}
          sx={{ mt: 1 }}
        />
      </form>
    </GenericDialog>
  );
}
