import { useState } from 'react';
import type { SubmenuForm, SubmenuOption } from '@cd/core';
import { draftOf, draftTouched, newDraft, type OptionDraft } from './option-draft';

type Session =
  { kind: 'add'; draft: OptionDraft } | { kind: 'edit'; index: number; original: SubmenuOption[]; draft: OptionDraft };

type Deps = {
  options: SubmenuOption[];
  setOptions: (update: (list: SubmenuOption[]) => SubmenuOption[], touch?: boolean) => void;
  setForm: (update: (form: SubmenuForm) => SubmenuForm) => void;
};

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The option dialog's life (spec 001 §4.3): editing takes the option out of the list and opens the dialog;
 * Done puts it back at the same position, closing restores the list as it was. A new option closed half-typed
 * is kept as pending: it blocks the save (saveOption) until it is added or discarded.
 */
export function useOptionSession({ options, setOptions, setForm }: Deps) {
  const [session, setSession] = useState<Session | null>(null);
  const [pending, setPending] = useState<OptionDraft | null>(null);

  const openAdd = (prefill?: OptionDraft) => {
    setSession({ kind: 'add', draft: prefill ?? pending ?? newDraft() });
    setPending(null);
  };

  const openEdit = (index: number) => {
    const option = options[index];
    if (!option) return;
    setSession({ kind: 'edit', index, original: options, draft: draftOf(option) });
    setOptions((list) => list.filter((_, i) => i !== index), false);
  };

  const change = (draft: OptionDraft) => setSession((s) => (s ? { ...s, draft } : s));

  const close = () => {
    if (session?.kind === 'edit') setOptions(() => session.original, false);
    if (session?.kind === 'add' && draftTouched(session.draft)) setPending(session.draft);
    setSession(null);
  };

  const done = (option: SubmenuOption) => {
    if (!session) return;
    if (session.kind === 'add') setOptions((list) => [...list, option]);
    else {
      const { index } = session;
      const before = session.original[index]?.name ?? '';
      setOptions((list) => [...list.slice(0, index), option, ...list.slice(index)]);
      if (!same(before, option.name)) {
        setForm((f) => (f.default !== '' && same(f.default, before) ? { ...f, default: option.name } : f));
      }
    }
    setSession(null);
  };

  const remove = (index: number) => {
    const name = options[index]?.name ?? '';
    setOptions((list) => list.filter((_, i) => i !== index));
    setForm((f) => (f.default !== '' && same(f.default, name) ? { ...f, default: '' } : f));
  };

  return { session, pending, openAdd, openEdit, change, close, done, remove, discardPending: () => setPending(null) };
}
export type OptionSession = ReturnType<typeof useOptionSession>;
