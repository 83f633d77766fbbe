import { z } from 'zod';
import type { StoredSubmenu } from './submenu.js';

/**
 * The simple submenu of an item's data (spec 001 §3.5): `{submenuid, submenuname, subitems[{subitemname, price}]}`
 * — the options in their order with their prices, for apps and exports that need no rules or groups.
 */
export const simpleSubmenuSchema = z.object({
  submenuid: z.string(),
  submenuname: z.string(),
  subitems: z.array(z.object({ subitemname: z.string(), price: z.number() })),
});
export type SimpleSubmenu = z.infer<typeof simpleSubmenuSchema>;

/** A stored menu-mode submenu (§3.6) in the simple form; a group's price is its own (0 when it has none). */
export function toSimpleSubmenu(
  submenuid: string,
  title: string,
  stored: Pick<StoredSubmenu, 'list' | 'options'>,
): SimpleSubmenu {
  return {
    submenuid,
    submenuname: title,
    subitems: stored.list.map((name) => ({ subitemname: name, price: stored.options[name] ?? 0 })),
  };
}
