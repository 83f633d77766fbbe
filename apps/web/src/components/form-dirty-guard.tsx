import { useEffect, type RefObject } from 'react';
import { useFormState, type Control, type FieldValues } from 'react-hook-form';
import { setUnsavedChanges, useUnsavedChanges } from '../lib/unsaved-changes';

/**
 * While a react-hook-form form has unsaved changes: the shell's unsaved-changes flag is set (in-app navigation
 * asks first, spec 000 §2.2) and the browser warns before the tab closes or reloads; leaving the form clears
 * the flag. A component of its own, so the form's dirty state re-renders only this, not the whole form; the
 * form reads the current state from `dirty` when asked to close.
 */
export function FormDirtyGuard<T extends FieldValues>({
  control,
  dirty,
}: {
  control: Control<T>;
  dirty: RefObject<boolean>;
}) {
  const { isDirty } = useFormState({ control });
  const { setDirty } = useUnsavedChanges();
  useEffect(() => {
    dirty.current = isDirty;
    setDirty(isDirty);
  }, [isDirty, setDirty, dirty]);
  useEffect(() => () => setDirty(false), [setDirty]);
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
  return null;
}

/** Clears the flag at once (after a save or a confirmed close). */
export function clearUnsavedChanges(): void {
  setUnsavedChanges(false);
}
