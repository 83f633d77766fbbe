import { useTranslation } from 'react-i18next';
import { COUNTER_SERVICE_FLAGS, type Counter } from '@cd/core';
import { ConfirmPopup } from '../../../components/confirm-popup';
import { useNotify } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { useHideCounter } from '../api';

/**
 * Hide or unhide a counter (fine permission hide_counter; spec 001 §4.1): hiding saves its service flags and
 * clears them, unhiding restores the saved ones. Sends the version shown; a 409 says who changed it.
 */
export function HideCounterDialog({ counter, onClose }: { counter: Counter; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const hide = useHideCounter();
  const hiding = !counter.hidden;
  const on = COUNTER_SERVICE_FLAGS.filter((flag) => counter.flags[flag]).map((flag) => t(`counters.flag.${flag}`));
  const submit = () =>
    hide.mutate(
      { counter, hidden: hiding },
      {
        onSuccess: (answer) => {
          notify({
            severity: 'success',
            message: answer.message || t(hiding ? 'counters.hide.hidden' : 'counters.hide.shown'),
          });
          onClose();
        },
        onError: (error) => {
          notify({ severity: 'error', message: describeError(error, i18n) });
          onClose();
        },
      },
    );
  return (
    <ConfirmPopup
      open
      type="warning"
      title={t(hiding ? 'counters.hide.hideTitle' : 'counters.hide.unhideTitle', { name: counter.name })}
      primaryText={t(hiding ? 'counters.hide.hideNote' : 'counters.hide.unhideNote')}
      secondaryText={
        hiding
          ? on.length
            ? t('counters.hide.flagsCleared', { flags: on.join(', ') })
            : t('counters.hide.noFlags')
          : undefined
      }
      positiveLabel={t(hiding ? 'counters.hide.hide' : 'counters.hide.unhide')}
      negativeLabel={t('resource.cancel')}
      onPositive={submit}
      onNegative={onClose}
    />
  );
}
