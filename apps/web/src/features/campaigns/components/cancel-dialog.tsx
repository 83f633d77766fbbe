import { useTranslation } from 'react-i18next';
import type { Campaign } from '@cd/core';
import { ConfirmPopup } from '../../../components/confirm-popup';
import { useNotify } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { useCancelCampaign } from '../api';

/** Cancel a scheduled campaign (`?dialog=cancel&edit=<id>`) after Yes/No, naming the version shown. */
export function CancelCampaignDialog({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const cancel = useCancelCampaign();
  const submit = () =>
    cancel.mutate(campaign, {
      onSuccess: (answer) => {
        notify({ severity: 'success', message: answer.message || t('campaigns.cancel.done') });
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
      title={t('campaigns.cancel.title', { name: campaign.name })}
      primaryText={t('campaigns.cancel.text')}
      positiveLabel={t('campaigns.cancel.yes')}
      negativeLabel={t('campaigns.cancel.no')}
      onPositive={submit}
      onNegative={onClose}
    />
  );
}
