import { useTranslation } from 'react-i18next';
import type { ApiKeyView } from '@cd/core';
import { ConfirmPopup } from '../../../components/confirm-popup';
import { useSnackbar } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { useRevokeKey } from '../api';

/** Revoke a key after a question (no is the safe answer: the app stops at once otherwise). */
export function RevokeKeyDialog({ row, onClose }: { row: ApiKeyView; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const revoke = useRevokeKey();
  return (
    <ConfirmPopup
      open
      type="warning"
      title={t('apiKeys.revoke.title', { prefix: row.prefix, app: row.api_client })}
      primaryText={t('apiKeys.revoke.text')}
      positiveLabel={t('apiKeys.revoke.confirm')}
      negativeLabel={t('apiKeys.cancel')}
      initialFocus="negative"
      onPositive={() => {
        if (revoke.isPending) return;
        revoke.mutate(row.id, {
          onSuccess: (answer) => {
            snackbar.show(answer.message || t('apiKeys.revoke.done'), 'success');
            onClose();
          },
          onError: (error) => snackbar.show(describeError(error, i18n), 'error'),
        });
      }}
      onNegative={onClose}
    />
  );
}
