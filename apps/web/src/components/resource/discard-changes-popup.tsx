import { useTranslation } from 'react-i18next';
import { ConfirmPopup } from '../confirm-popup';

type Props = { open: boolean; onDiscard: () => void; onKeep: () => void };

/** Closing a form with unsaved edits asks first (Yes/No, as the shell does for navigation; spec 001 §2.1). */
export function DiscardChangesPopup({ open, onDiscard, onKeep }: Props) {
  const { t } = useTranslation();
  return (
    <ConfirmPopup
      open={open}
      type="warning"
      title={t('resource.discard.title')}
      primaryText={t('resource.discard.text')}
      positiveLabel={t('resource.discard.yes')}
      negativeLabel={t('resource.discard.no')}
      onPositive={onDiscard}
      onNegative={onKeep}
      // Yes throws the edits away: No, the safe answer, has the focus (Enter or Escape keeps them).
      initialFocus="negative"
    />
  );
}
