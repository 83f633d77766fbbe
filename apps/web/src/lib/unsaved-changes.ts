import { useSyncExternalStore } from 'react';

/**
 * The unsaved-changes flag of spec 000 §2.2/§4: a page sets it while its edits are not saved; the shell asks
 * before navigating away, warns on unload, and clears it after a confirmed navigation or on clicking home.
 */
let dirty = false;
const listeners = new Set<() => void>();

export function hasUnsavedChanges(): boolean {
  return dirty;
}

export function setUnsavedChanges(next: boolean): void {
  if (dirty === next) return;
  dirty = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUnsavedChanges(): { dirty: boolean; setDirty: (dirty: boolean) => void } {
  const value = useSyncExternalStore(subscribe, hasUnsavedChanges, hasUnsavedChanges);
  return { dirty: value, setDirty: setUnsavedChanges };
}
