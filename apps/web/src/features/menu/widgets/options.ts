import type { TFunction } from 'i18next';
import type { MenuFieldDef } from '@cd/core';
import type { ItemEditorContextValue } from '../editor/editor-context';

export type Choice = { value: string; label: string };

/**
 * The choices of a select, radio or checkbox group: a fixed list, or `list:<name>` — the restaurant's
 * categories, the allergen catalogue (code and name) or a list of list_name_map.
 */
export function fieldChoices(
  def: MenuFieldDef,
  ctx: Pick<ItemEditorContextValue, 'categories' | 'allergens' | 'lists'>,
  t: TFunction,
): Choice[] {
  const { options } = def;
  if (options === undefined) return [];
  if (typeof options !== 'string') {
    return options.map((value) => ({ value, label: def.key === 'vegflag' ? t(`editMenu.vegflag.${value}`) : value }));
  }
  const list = options.slice('list:'.length);
  if (list === 'categories') return ctx.categories.map((name) => ({ value: name, label: name }));
  if (list === 'allergens') return ctx.allergens.map((a) => ({ value: a.code, label: `${a.name} (${a.code})` }));
  const values = (ctx.lists as Record<string, readonly string[] | undefined>)[list] ?? [];
  return values.map((value) => ({ value, label: value }));
}
