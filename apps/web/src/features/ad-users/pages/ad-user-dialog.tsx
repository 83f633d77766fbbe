import { useState } from 'react';
import Box from '@mui/material/Box';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { adUserBody, type UserView } from '@cd/core';
import { GenericDialog, RadioGroupField, useSnackbar } from '../../../components';
import { ApiError } from '../../../lib/api-client';
import { CORPORATE_EMAIL_DOMAIN } from '../../../lib/config';
import { describeError } from '../../../lib/server-message';
import { applyServerFieldError, useDirtyFlag } from '../../users';
import { ConflictAlert } from '../../../components/resource';
import { useSaveAdUser, type AdUserOutput } from '../api';
import { FormTextField } from '../../../components/resource';

type Values = z.input<typeof adUserBody>;

type Props = {
  user?: UserView;
  onClose: () => void;
  onReload: () => Promise<UserView | undefined>;
};

const toValues = (user?: UserView): Values =>
  user
    ? { userid: user.userid, name: user.name, status: user.status, version: user.version }
    : { userid: '', name: '', status: 'active' };

/** Adds an SSO user (corporate e-mail, name, status) or changes one's name and status. */
export function AdUserDialog({ user, onClose, onReload }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const mode = user ? 'edit' : 'create';
  const form = useForm<Values, unknown, AdUserOutput>({
    defaultValues: toValues(user),
    resolver: zodResolver(adUserBody),
  });
  const setDirty = useDirtyFlag(form.formState.isDirty);
  const status = useController({ control: form.control, name: 'status' });
  const [conflict, setConflict] = useState<string | null>(null);
  const save = useSaveAdUser({
    onSuccess: (answer) => {
      form.reset(toValues(answer.user));
      setDirty(false);
      snackbar.show(answer.message || t('users.form.saved'), 'success');
      onClose();
    },
  });

  const submit = form.handleSubmit(async (body) => {
    setConflict(null);
    await save.mutateAsync({ mode, body }).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'versionConflict') {
        setConflict(error.serverMessage || t('users.conflict.text'));
      } else if (!applyServerFieldError(form.setError, ['userid', 'name', 'status'], error, i18n)) {
        snackbar.show(describeError(error, i18n), 'error');
      }
    });
  });

  const handleReload = async () => {
    const fresh = await onReload();
    if (fresh) form.reset(toValues(fresh));
    setConflict(null);
  };

  return (
    <GenericDialog
      open
      title={user ? t('adUsers.editTitle', { userid: user.userid }) : t('adUsers.createTitle')}
      onClose={onClose}
      actionLabel={t('users.common.save')}
      onAction={() => void submit()}
      actionDisabled={save.isPending}
    >
      {conflict && <ConflictAlert message={conflict} onReload={() => void handleReload()} />}
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}
      >
        <FormTextField
          control={form.control}
          name="userid"
          type="email"
          label={t('adUsers.userid')}
          hint={mode === 'create' ? t('adUsers.useridHint', { domain: CORPORATE_EMAIL_DOMAIN }) : undefined}
          disabled={mode === 'edit'}
          required
          autoComplete="off"
          fullWidth
        />
        <FormTextField control={form.control} name="name" label={t('users.fields.name')} required fullWidth />
        <RadioGroupField
          label={t('users.fields.status')}
          row
          value={status.field.value}
          onChange={(value) => status.field.onChange(value)}
          options={[
            { value: 'active', label: t('users.status.active') },
            { value: 'inactive', label: t('users.status.inactive') },
          ]}
          error={Boolean(status.fieldState.error)}
          helperText={status.fieldState.error?.message}
        />
        {/* Enter in a field submits. */}
        <button type="submit" hidden />
      </Box>
    </GenericDialog>
  );
}
