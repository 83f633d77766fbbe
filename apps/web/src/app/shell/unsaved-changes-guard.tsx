import { useCallback, useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmPopup } from '../../components/confirm-popup';
import { hasUnsavedChanges, setUnsavedChanges, useUnsavedChanges } from '../../lib/unsaved-changes';

/**
 * Spec 000 §2.2: while the current page has unsaved changes, navigating inside the app asks Yes/No and
 * proceeds only on Yes (which clears the flag); closing or reloading the tab gets the browser's warning.
 * The app holds this single blocker (a router supports one): pages only set the flag.
 */
export function UnsavedChangesGuard() {
  const { t } = useTranslation();
  const { dirty } = useUnsavedChanges();
  // Reads the store at navigation time, so a flag cleared just before navigating (home) is seen.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const handleYes = () => {
    setUnsavedChanges(false);
    blocker.proceed?.();
  };
  const handleNo = () => blocker.reset?.();

  return (
    <ConfirmPopup
      open={blocker.state === 'blocked'}
      type="warning"
      title={t('shell.unsaved.title')}
      primaryText={t('shell.unsaved.text')}
      positiveLabel={t('shell.unsaved.yes')}
      negativeLabel={t('shell.unsaved.no')}
      onPositive={handleYes}
      onNegative={handleNo}
      // Yes throws the edits away: No, the safe answer, has the focus (Enter or Escape stays).
      initialFocus="negative"
    />
  );
}
