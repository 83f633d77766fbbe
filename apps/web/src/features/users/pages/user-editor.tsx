import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@cd/core';
import { ConfirmPopup, PageLoading, useSnackbar } from '../../../components';
import { ApiError } from '../../../lib/api-client';
import { formatSyncTime } from '../../../lib/format';
import { describeError } from '../../../lib/server-message';
import { useProfile } from '../../auth';
import { useCreateUser, useUpdateUser, type UserAnswer } from '../api';
import { ConflictAlert, FormShell } from '../../../components/resource';
import { UserForm } from '../components/user-form';
import { useEditorGrants } from '../editor-grants';
import { applyServerFieldError } from '../server-field-error';
import { useDirtyFlag } from '../use-dirty-flag';
import {
  newUserValues,
  USER_FORM_FIELDS,
  userFormResolver,
  userToFormValues,
  type CreateUserOutput,
  type UpdateUserOutput,
  type UserFormOutput,
  type UserFormValues,
} from '../user-form-values';

type Props = {
  /** The user being edited; absent when creating one. */
  user?: UserView;
  onClose: () => void;
  onSaved: (userid: string) => void;
  onSetPassword: () => void;
  /** Fetches the server's copy afresh (after a version conflict). */
  onReload: () => Promise<UserView | undefined>;
};

/** Create or edit one user: validates with the API's schemas, asks before an admin drops their own admin flag. */
export function UserEditor({ user, onClose, onSaved, onSetPassword, onReload }: Props) {
  const { t, i18n } = useTranslation();
  const mode = user ? 'edit' : 'create';
  const snackbar = useSnackbar();
  const { grants, isPending: grantsPending } = useEditorGrants();
  const profile = useProfile();
  const form = useForm<UserFormValues, unknown, UserFormOutput>({
    defaultValues: user ? userToFormValues(user) : newUserValues(),
    resolver: userFormResolver(mode),
  });
  const { isDirty, isSubmitting } = form.formState;
  const [conflict, setConflict] = useState<string | null>(null);
  const [pendingOwnAdmin, setPendingOwnAdmin] = useState<UpdateUserOutput | null>(null);
  const isSelf = Boolean(user && user.userid === grants.userid);

  const setDirty = useDirtyFlag(isDirty);

  // The server's copy changed (a password was set): take it while there are no edits to lose.
  useEffect(() => {
    if (user && !form.formState.isDirty && user.version !== form.getValues('version')) {
      form.reset(userToFormValues(user));
    }
  }, [user, form]);

  const handleSaved = (answer: UserAnswer) => {
    form.reset(userToFormValues(answer.user));
    setDirty(false);
    snackbar.show(answer.message || t('users.form.saved'), 'success');
    // Editing oneself changes what the shell shows (navigation, sites).
    if (answer.user.userid === grants.userid) void profile.refetch();
    onSaved(answer.user.userid);
  };
  const create = useCreateUser({ onSuccess: handleSaved });
  const update = useUpdateUser({ onSuccess: handleSaved });

  const handleError = (error: unknown, body?: UpdateUserOutput) => {
    if (error instanceof ApiError && error.code === 'versionConflict') {
      setConflict(error.serverMessage || t('users.conflict.text'));
    } else if (error instanceof ApiError && error.code === 'confirmRemoveOwnAdmin' && body) {
      setPendingOwnAdmin(body);
    } else if (!applyServerFieldError(form.setError, USER_FORM_FIELDS, error, i18n)) {
      snackbar.show(describeError(error, i18n), 'error');
    }
  };

  const send = async (body: UpdateUserOutput, confirmRemoveOwnAdmin = false) => {
    if (!user) return;
    const sent = confirmRemoveOwnAdmin ? { ...body, confirm_remove_own_admin: true } : body;
    await update.mutateAsync({ userid: user.userid, body: sent }).catch((error: unknown) => handleError(error, body));
  };

  const submit = form.handleSubmit(async (values) => {
    setConflict(null);
    if (mode === 'create') {
      const body = values as CreateUserOutput;
      await create.mutateAsync({ ...body, password: body.password || null }).catch((e: unknown) => handleError(e));
      return;
    }
    const body = values as UpdateUserOutput;
    // Asked first here; the server refuses without the flag too (400 confirmRemoveOwnAdmin).
    if (isSelf && user?.admin && !body.admin) {
      setPendingOwnAdmin(body);
      return;
    }
    await send(body);
  });

  const handleReload = async () => {
    const fresh = await onReload();
    if (fresh) form.reset(userToFormValues(fresh));
    setConflict(null);
  };

  const handleCancel = () => {
    setDirty(false);
    onClose();
  };

  const lastChanged =
    user &&
    t('users.form.lastChanged', {
      who: user.updated_by ?? t('users.form.system'),
      when: formatSyncTime(user.updated_at) ?? '',
    });
  const saving = isSubmitting || create.isPending || update.isPending;

  return (
    <FormShell
      variant="drawer"
      title={user ? t('users.form.editTitle', { userid: user.userid }) : t('users.form.createTitle')}
      subtitle={lastChanged}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      actions={
        <>
          <Button onClick={handleCancel}>{t('users.common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving || grantsPending}>
            {t('users.common.save')}
          </Button>
        </>
      }
    >
      {conflict && <ConflictAlert message={conflict} onReload={() => void handleReload()} />}
      {grantsPending ? (
        <PageLoading />
      ) : (
        <UserForm
          form={form}
          mode={mode}
          grants={grants}
          hasPassword={user?.has_password}
          onSetPassword={onSetPassword}
          profileName={user?.permission_profile?.name}
        />
      )}
      <ConfirmPopup
        open={pendingOwnAdmin !== null}
        type="warning"
        title={t('users.ownAdmin.title')}
        primaryText={t('users.ownAdmin.text')}
        positiveLabel={t('users.ownAdmin.confirm')}
        negativeLabel={t('users.common.cancel')}
        onPositive={() => {
          const body = pendingOwnAdmin;
          setPendingOwnAdmin(null);
          if (body) void send(body, true);
        }}
        onNegative={() => setPendingOwnAdmin(null)}
      />
    </FormShell>
  );
}
