import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UserFormOutput, UserFormValues } from '../user-form-values';
import { FormTextField } from '../../../components/resource';

type Props = { control: Control<UserFormValues, unknown, UserFormOutput>; mode: 'create' | 'edit' };

/** User id (create only), name, phone, e-mail and status. */
export function UserIdentityFields({ control, mode }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      <FormTextField
        control={control}
        name="userid"
        label={t('users.fields.userid')}
        required={mode === 'create'}
        disabled={mode === 'edit'}
        hint={mode === 'create' ? t('users.fields.useridHint') : undefined}
        autoComplete="off"
      />
      <FormTextField control={control} name="name" label={t('users.fields.name')} required autoComplete="off" />
      <FormTextField
        control={control}
        name="phone"
        label={t('users.fields.phone')}
        hint={t('users.fields.phoneHint')}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
      />
      <FormTextField control={control} name="email" label={t('users.fields.email')} type="email" autoComplete="off" />
      <FormTextField control={control} name="status" label={t('users.fields.status')} select>
        <MenuItem value="active">{t('users.status.active')}</MenuItem>
        <MenuItem value="inactive">{t('users.status.inactive')}</MenuItem>
      </FormTextField>
    </Box>
  );
}
