import { CheckCircle as CheckCircleIcon, InfoOutlined as InfoOutlinedIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { isStrongPassword } from '@cd/core';

/** The password rule of spec 000 §5, shown live under a password field: met or not yet. */
export function PasswordRuleHint({ value }: { value: string }) {
  const { t } = useTranslation();
  const met = isStrongPassword(value);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'flex-start', gap: 0.5 }} aria-live="polite">
      {met ? (
        <CheckCircleIcon color="success" sx={{ fontSize: 16, mt: '2px' }} />
      ) : (
        <InfoOutlinedIcon sx={{ fontSize: 16, mt: '2px' }} />
      )}
      <span>
        {t('users.password.rule')}
        {value !== '' && ` — ${met ? t('users.password.met') : t('users.password.notMet')}`}
      </span>
    </Box>
  );
}
