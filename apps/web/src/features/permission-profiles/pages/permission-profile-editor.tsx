import { useState } from 'react';
import Button from '@mui/material/Button';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { permissionProfileBody } from '@cd/core';
import { PageLoading, useSnackbar } from '../../../components';
import { ApiError } from '../../../lib/api-client';
import { formatSyncTime } from '../../../lib/format';
import { describeError } from '../../../lib/server-message';
import {
  applyServerFieldError,
  ConflictAlert,
  EditorDrawer,
  FormTextField,
  PermissionEditor,
  useDirtyFlag,
  useEditorGrants,
  type PermissionSetValue,
} from '../../users';
import { permissionProfileApi, type PermissionProfile, type PermissionProfileOutput } from '../api';

type Values = z.input<typeof permissionProfileBody>;

type Props = {
  profile?: PermissionProfile;
  onClose: () => void;
  onReload?: () => Promise<PermissionProfile | undefined>;
};

const toValues = (p?: PermissionProfile): Values => ({
  name: p?.name ?? '',
  admin: p?.admin ?? false,
  pagepermissionaccess: [...(p?.pagepermissionaccess ?? [])],
  permissions: [...(p?.permissions ?? [])],
  read_only_access: [...(p?.read_only_access ?? [])],
  ...(p ? { version: p.version } : {}),
});

/** Name, admin flag, pages, fine permissions and read-only pages of one permission profile. */
export function PermissionProfileEditor({ profile, onClose, onReload }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const { grants, isPending } = useEditorGrants();
  const form = useForm<Values, unknown, PermissionProfileOutput>({
    defaultValues: toValues(profile),
    resolver: zodResolver(permissionProfileBody),
  });
  const setDirty = useDirtyFlag(form.formState.isDirty);
  const [conflict, setConflict] = useState<string | null>(null);
  const [admin, pagepermissionaccess, permissions, read_only_access] = useWatch({
    control: form.control,
    name: ['admin', 'pagepermissionaccess', 'permissions', 'read_only_access'],
  });
  const save = permissionProfileApi.useSave({
    onSuccess: (answer) => {
      form.reset(toValues(answer.profile));
      setDirty(false);
      snackbar.show(answer.message || t('users.form.saved'), 'success');
      onClose();
    },
  });

  const submit = form.handleSubmit(async (body) => {
    setConflict(null);
    await save.mutateAsync({ id: profile?.id, body }).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'versionConflict') {
        setConflict(error.serverMessage || t('users.conflict.text'));
      } else if (!applyServerFieldError(form.setError, ['name'], error, i18n)) {
        snackbar.show(describeError(error, i18n), 'error');
      }
    });
  });

  const handleChange = (next: PermissionSetValue) => {
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue('admin', next.admin, options);
    form.setValue('pagepermissionaccess', next.pagepermissionaccess, options);
    form.setValue('permissions', next.permissions, options);
    form.setValue('read_only_access', next.read_only_access, options);
  };

  const handleReload = async () => {
    const fresh = await onReload?.();
    if (fresh) form.reset(toValues(fresh));
    setConflict(null);
  };

  const errors = form.formState.errors;
  return (
    <EditorDrawer
      title={profile ? t('permissionProfiles.editTitle', { name: profile.name }) : t('permissionProfiles.createTitle')}
      subtitle={
        profile &&
        t('users.form.lastChanged', {
          who: profile.updated_by ?? t('users.form.system'),
          when: formatSyncTime(profile.updated_at) ?? '',
        })
      }
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      actions={
        <>
          <Button
            onClick={() => {
              setDirty(false);
              onClose();
            }}
          >
            {t('users.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending || isPending}>
            {t('users.common.save')}
          </Button>
        </>
      }
    >
      {conflict && <ConflictAlert message={conflict} onReload={() => void handleReload()} />}
      <FormTextField
        control={form.control}
        name="name"
        label={t('users.profiles.name')}
        required
        autoComplete="off"
        sx={{ mb: 3, maxWidth: 420 }}
        fullWidth
      />
      {isPending ? (
        <PageLoading />
      ) : (
        <PermissionEditor
          value={{ admin: admin ?? false, pagepermissionaccess, permissions, read_only_access }}
          onChange={handleChange}
          grants={grants}
          errors={{
            admin: errors.admin?.message,
            pagepermissionaccess: errors.pagepermissionaccess?.message,
            permissions: errors.permissions?.message,
            read_only_access: errors.read_only_access?.message,
          }}
        />
      )}
    </EditorDrawer>
  );
}
