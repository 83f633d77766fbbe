import { useTranslation } from 'react-i18next';
import type { ProfileView } from '@cd/core';
import { ConfirmPopup, useSnackbar } from '../../../components';
import { describeError } from '../../../lib/server-message';
import type { makeProfileApi } from '../profile-api';
import { ApplyToUsersDialog } from './apply-to-users-dialog';

type Props = {
  api: Pick<ReturnType<typeof makeProfileApi>, 'useDelete' | 'useApply'>;
  profile: ProfileView<object>;
  dialog: 'delete' | 'apply';
  /** What applying gives the users, e.g. "their pages and permissions are replaced by the profile's". */
  applyExplanation: string;
  onClose: () => void;
};

/** Deleting a profile (after a warning) and applying it to users; both report in the snackbar. */
export function ProfileDialogs({ api, profile, dialog, applyExplanation, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const done = (answer: { message: string }) => {
    snackbar.show(answer.message || t('users.form.saved'), 'success');
    onClose();
  };
  const remove = api.useDelete({ onSuccess: done });
  const apply = api.useApply({ onSuccess: done });
  const fail = (error: unknown) => snackbar.show(describeError(error, i18n), 'error');

  if (dialog === 'apply') {
    return (
      <ApplyToUsersDialog
        title={t('users.apply.title', { name: profile.name })}
        explanation={applyExplanation}
        pending={apply.isPending}
        onApply={(userids) => apply.mutate({ id: profile.id, userids }, { onError: fail })}
        onClose={onClose}
      />
    );
  }
  return (
    <ConfirmPopup
      open
      type="warning"
      title={t('users.profiles.deleteTitle', { name: profile.name })}
      primaryText={t('users.profiles.deleteText')}
      positiveLabel={t('users.profiles.delete')}
      negativeLabel={t('users.common.cancel')}
      onPositive={() => remove.mutate({ id: profile.id, version: profile.version }, { onError: fail })}
      onNegative={onClose}
    />
  );
}
