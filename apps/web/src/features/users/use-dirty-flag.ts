import { useEffect } from 'react';
import { useUnsavedChanges } from '../../lib/unsaved-changes';

/**
 * Keeps the shell's unsaved-changes flag (spec 000 §2.2) equal to a form's dirty state while the form is
 * shown, and clears it when the form goes. Answers setDirty, to clear it at once before navigating.
 */
export function useDirtyFlag(isDirty: boolean): (dirty: boolean) => void {
  const { setDirty } = useUnsavedChanges();
  useEffect(() => setDirty(isDirty), [isDirty, setDirty]);
  useEffect(() => () => setDirty(false), [setDirty]);
  return setDirty;
}
