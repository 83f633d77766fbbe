import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LOGIN_TYPES, type LoginType } from '@cd/core';
import type { UserFormOutput, UserFormValues } from '../user-form-values';
import { FormTextField } from '../../../components/resource';
import { PasswordRuleHint } from './password-rule-hint';

type Props = {
  form: UseFormReturn<UserFormValues, unknown, UserFormOutput>;
  mode: 'create' | 'edit';
  hasPassword?: boolean;
  onSetPassword?: () => void;
};

/** Allowed sign-in methods, SSO-only, second factor and the first password (create) or "Set password" (edit). */
export function SignInFields({ form, mode, hasPassword, onSetPassword }: Props) {
  const { t } = useTranslation();
  const { control, setValue, formState } = form;
  const [loginTypes, onlySso, mfa, password] = useWatch({
    control,
    name: ['login_types', 'only_sso_login', 'mfa_enabled', 'password'],
  });
  const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
  const errors = formState.errors;

  const handleMethod = (type: LoginType, on: boolean) => {
    const next = LOGIN_TYPES.filter((x) => (x === type ? on : loginTypes.includes(x)));
    setValue('login_types', next, options);
    if (type === 'password' && !on) setValue('password', '', options);
  };

  const handleOnlySso = (on: boolean) => {
    setValue('only_sso_login', on, options);
    if (!on) return;
    // An SSO-only user signs in by single sign-on only: no other method, no password, no phone second factor.
    setValue('login_types', ['sso'], options);
    setValue('password', '', options);
    setValue('mfa_enabled', false, options);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <FormControl component="fieldset" error={Boolean(errors.login_types)}>
        <FormLabel component="legend">{t('users.fields.loginTypes')}</FormLabel>
        <FormGroup row>
          {LOGIN_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              label={t(`users.loginTypes.${type}`)}
              control={
                <Checkbox
                  checked={loginTypes.includes(type)}
                  disabled={onlySso}
                  onChange={(_e, on) => handleMethod(type, on)}
                />
              }
            />
          ))}
        </FormGroup>
        {errors.login_types?.message && <FormHelperText>{errors.login_types.message}</FormHelperText>}
      </FormControl>
      <FormControlLabel
        control={<Switch checked={onlySso} onChange={(_e, on) => handleOnlySso(on)} />}
        label={t('users.fields.onlySso')}
      />
      <FormControl error={Boolean(errors.mfa_enabled)}>
        <FormControlLabel
          control={<Switch checked={mfa} onChange={(_e, on) => setValue('mfa_enabled', on, options)} />}
          label={t('users.fields.mfa')}
        />
        <FormHelperText sx={{ mt: 0 }}>{errors.mfa_enabled?.message ?? t('users.fields.mfaHint')}</FormHelperText>
      </FormControl>
      {mode === 'create' && loginTypes.includes('password') && (
        <FormTextField
          control={control}
          name="password"
          type="password"
          label={t('users.fields.password')}
          required
          autoComplete="new-password"
          hint={<PasswordRuleHint value={password} />}
          sx={{ maxWidth: 420 }}
        />
      )}
      {mode === 'edit' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {hasPassword ? t('users.password.has') : t('users.password.none')}
          </Typography>
          <Button variant="outlined" size="small" onClick={onSetPassword}>
            {t('users.password.set')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
