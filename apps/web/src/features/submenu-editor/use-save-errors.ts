import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLinkedSubmenu, submenuAllowedForItem, submenuSaveErrors, type FoodItemSummary } from '@cd/core';
import type { EditorMode } from './types';
import type { EditorValues } from './use-editor-state';

/**
 * Where a refusal shows: a field of the details ('title', 'description', 'min', 'max', 'max_quantity'), the
 * options part ('options': the list, its options and the default) or the connections.
 */
export type ErrorPlace = 'title' | 'description' | 'min' | 'max' | 'max_quantity' | 'options' | 'connections';
export type SaveErrors = Partial<Record<ErrorPlace, string[]>>;

const PLACES = new Set<string>(['title', 'description', 'min', 'max', 'max_quantity', 'connections']);

type Input = {
  mode: EditorMode;
  values: EditorValues;
  menuItems: FoodItemSummary[];
  /** A half-typed option is waiting (saveOption). */
  pendingOption: boolean;
};

/**
 * The save's refusals, shown inline at their fields, several at once (issue 21 point 7; before, one warning popup at
 * a time). The rules are core's (submenuSaveErrors; the API refuses the same), with the spec's message keys. Nothing
 * shows until a save is tried; from then on the marks follow the edits, so a fixed field clears at once.
 */
export function useSaveErrors({ mode, values, menuItems, pendingOption }: Input) {
  const { t } = useTranslation();
  const [tried, setTried] = useState(false);
  const { form, options, connections } = values;
  const nameOf = (foodid: string) => menuItems.find((item) => item.foodid === foodid)?.foodname ?? foodid;

  const check = (): SaveErrors => {
    const errors: SaveErrors = {};
    const add = (place: ErrorPlace, text: string) => (errors[place] = [...(errors[place] ?? []), text]);
    const rules = submenuSaveErrors(form, options, {
      mode,
      connectedItemNames: mode === 'menu' ? connections.map(nameOf) : undefined,
      pendingOption,
    });
    for (const rule of rules) {
      const text = t(rule.key, { defaultValue: rule.message });
      const field = rule.field ?? 'options';
      const option = /^options\.(\d+)\./.exec(field);
      if (option)
        add('options', t('submenu.editor.errors.option', { name: options[Number(option[1])]?.name, message: text }));
      else add(PLACES.has(field) ? (field as ErrorPlace) : 'options', text);
    }
    if (mode === 'menu') {
      const allLinked = isLinkedSubmenu(options);
      const refused = connections.filter((id) => {
        const item = menuItems.find((i) => i.foodid === id);
        return item !== undefined && !submenuAllowedForItem(item, allLinked);
      });
      if (refused.length)
        add('connections', t('submenu.editor.alerts.notAllowed', { names: refused.map(nameOf).join(', ') }));
    }
    return errors;
  };

  const errors = tried ? check() : {};
  const count = Object.values(errors).reduce((n, list) => n + list.length, 0);
  /** Marks the fields; true when the save may go ahead. */
  const attempt = () => {
    setTried(true);
    return Object.keys(check()).length === 0;
  };
  return { errors, count, attempt };
}
