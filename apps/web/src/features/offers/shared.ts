import { loadable } from '../../lib/loadable';
import type { ItemPickerProps } from './components/item-picker';
import type { SiteFieldsProps } from './components/site-fields';
import type { TryCartPanelProps } from './components/try-cart-panel';

/*
 * What other marketing pages (upselling) use of the offers feature, loaded with the page that renders them, so
 * the app's route table (which imports index.ts) does not carry them.
 */

/** The "Try a cart" drawer: a cart priced by the offers engine, with its suggestions (upsells). */
export const TryCartPanel = loadable<TryCartPanelProps>(() =>
  import('./components/try-cart-panel').then((m) => m.TryCartPanel),
);

/** Items picked from a restaurant's menu by name (GET /marketing/items), as chips or an ordered list. */
export const ItemPicker = loadable<ItemPickerProps>(() => import('./components/item-picker').then((m) => m.ItemPicker));

/** Food courts and restaurants of the user (none chosen: every one). */
export const SiteFields = loadable<SiteFieldsProps>(() => import('./components/site-fields').then((m) => m.SiteFields));
