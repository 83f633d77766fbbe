import { useCallback, useEffect, useState } from 'react';
import type { SubmenuForm, SubmenuOption } from '@cd/core';
import { setUnsavedChanges } from '../../lib/unsaved-changes';

/** What the editor edits: the submenu's fields, its options in order, and (menu mode) the connected items. */
export type EditorValues = { form: SubmenuForm; options: SubmenuOption[]; connections: string[] };

type Update<T> = T | ((previous: T) => T);
const apply = <T>(update: Update<T>, previous: T): T =>
  typeof update === 'function' ? (update as (p: T) => T)(previous) : update;

/**
 * The editor's values and its dirty flag (spec 001 §4.3): any edit makes it dirty. While dirty the shell's
 * unsaved-changes flag is set (in-app navigation asks first) and the browser warns before unload; closing or
 * saving clears both.
 */
export function useEditorState(initial: EditorValues) {
  const [values, setValues] = useState(initial);
  const [dirty, setDirty] = useState(false);

  const setForm = useCallback((update: Update<SubmenuForm>) => {
    setValues((v) => ({ ...v, form: apply(update, v.form) }));
    setDirty(true);
  }, []);
  /** `touch: false` for the list an option edit takes apart and puts back unchanged. */
  const setOptions = useCallback((update: Update<SubmenuOption[]>, touch = true) => {
    setValues((v) => ({ ...v, options: apply(update, v.options) }));
    if (touch) setDirty(true);
  }, []);
  const setConnections = useCallback((connections: string[]) => {
    setValues((v) => ({ ...v, connections }));
    setDirty(true);
  }, []);
  const markDirty = useCallback(() => setDirty(true), []);
  const markClean = useCallback(() => {
    setDirty(false);
    setUnsavedChanges(false);
  }, []);

  useEffect(() => {
    setUnsavedChanges(dirty);
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  useEffect(() => () => setUnsavedChanges(false), []);

  return { values, dirty, setForm, setOptions, setConnections, markDirty, markClean };
}
