import { useEffect, type RefObject } from 'react';
import { useFormState, type Control } from 'react-hook-form';
import { setUnsavedChanges, useUnsavedChanges } from '../../../lib/unsaved-changes';
import type { ItemFormValues } from './form-values';

/**
 * While the item has unsaved changes: the shell's unsaved-changes flag is set (navigation asks first, spec
 * 000 §2.2) and the browser warns before the tab closes; closing the editor clears it. Its own component, so
 * the dirty state re-renders only this.
 */
export function DirtyGuard({ control, dirty }: { control: Control<ItemFormValues>; dirty: RefObject<boolean> }) {
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

export function clearDirty(): void {
  setUnsavedChanges(false);
}
