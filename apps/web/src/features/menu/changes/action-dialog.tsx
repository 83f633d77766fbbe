import { useTranslation } from 'react-i18next';
import type { MenuChangeSet } from '@cd/core';
import { ConfirmPopup } from '../../../components/confirm-popup';
import { useNotify } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { useCancelChange, usePublishChange } from './api';

/**
 * Publish now or Cancel a change (`?dialog=publish|cancel&edit=<id>`) after Yes/No, naming the version shown. A
 * publish says what it did (its report's message); one refused by an item's rules says why and changes nothing.
 */
export function ChangeActionDialog(props: {
  change: MenuChangeSet;
  action: 'publish' | 'cancel';
  onClose: () => void;
}) {
  const { change, action, onClose } = props;
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const publish = usePublishChange();
  const cancel = useCancelChange();
  const mutation = action === 'publish' ? publish : cancel;
  const submit = () =>
    mutation.mutate(change, {
      onSuccess: (answer) => {
        notify({ severity: 'success', message: answer.message });
        onClose();
      },
      onError: (error) => {
        notify({ severity: 'error', message: describeError(error, i18n) });
        onClose();
      },
    });
  return (
    <ConfirmPopup
      open
      type="warning"
      title={t(`menuChanges.${action}.title`, { name: change.name })}
      primaryText={t(`menuChanges.${action}.text`, { count: change.entry_count, restaurant: change.restaurant_name })}
      positiveLabel={t(`menuChanges.${action}.yes`)}
      negativeLabel={t(`menuChanges.${action}.no`)}
      onPositive={submit}
      onNegative={onClose}
    />
  );
}
