import { ConfirmPopup } from '../../../components/confirm-popup';
import { useTranslation } from 'react-i18next';

type Props = { open: boolean; onDiscard: () => void; onKeep: () => void };

/** Closing a form with unsaved edits asks first (Yes/No, as the shell does for navigation). */
export function DiscardChangesPopup({ open, onDiscard, onKeep }: Props) {
  const { t } = useTranslation();
  return (
    <ConfirmPopup
      open={open}
      type="warning"
      title={t('sites.discard.title')}
      primaryText={t('sites.discard.text')}
      positiveLabel={t('sites.discard.yes')}
      negativeLabel={t('sites.discard.no')}
      onPositive={onDiscard}
      onNegative={onKeep}
    />
  );
}
