import { z } from 'zod';
import { intId, intIdParam, money, sequenceNumber, versionNumber, versionParam } from '../numbers.js';
import { clientMeta } from './envelope.js';
import { foodItemFieldsSchema, type FoodItem, type FoodItemSummary } from '../menu/item.js';
import { storedSubmenuSchema, type StoredSubmenu } from '../menu/submenu.js';
import { pricebookSubmenuSchema, type PricebookSubmenu } from '../menu/pricebook.js';
import { ALLERGEN_CODE_RE } from '../menu/allergens.js';
import { MENU_LIMITS } from '../menu/constants.js';
import type { ListNameMap } from '../menu/allergens.js';

/**
 * The menu API (issue 5). Paths under /v2/bck:
 *
 * Menu items (page editMenu; the reads also for subMenuManagement and pricebook)
 *   GET    /vendor/fooditem?restaurant=         → MenuResponse
 *   GET    /vendor/fooditem/:foodid              → { fooditem: FoodItem, pricebook: {pathid, price} | null }
 *   POST   /vendor/fooditem                      body FoodItemCreateBody → { fooditem }
 *   PUT    /vendor/fooditem/:foodid              body FoodItemUpdateBody → { fooditem }
 *   DELETE /vendor/fooditem/:foodid?version=
 *   POST   /fooditem_submenu_attachment          body { foodid } → { all_attached_submenus: {submenuid, submenuname}[] }
 * Categories (subMenuManagement)
 *   GET    /vendor/category?restaurant=          → { categories: CategoryView[] }
 *   POST   /vendor/category                      body CategoryCreateBody → { category }
 *   PUT    /vendor/category/:id                  body CategoryUpdateBody → { category }
 *   DELETE /vendor/category/:id?version=
 * Submenus, menu mode (subMenuManagement)
 *   GET    /vendor/submenu?restaurant=           → { submenus: SubmenuSummary[] }
 *   GET    /vendor/submenu/:submenuid            → { submenu: SubmenuView }
 *   POST   /vendor/submenu                       body SubmenuSaveBody → { submenu: SubmenuView }
 *   PUT    /vendor/submenu/:submenuid            body SubmenuSaveBody (with version) → { submenu }
 *   DELETE /vendor/submenu/:submenuid?version=
 * Price book (pricebook)
 *   GET    /allpath                              → { data: {id, pathid}[] }
 *   GET    /pricebook/fooditems?path=&search=    → { data: PricebookFoodItem[] } (search ≥ 3 characters)
 *   PUT    /pricebook/fooditem                   body PricebookFoodItemPriceBody → { data: PricebookFoodItem }
 *   GET    /pricebook/submenu?path=              → { data: PricebookSubmenuView[] }
 *   POST   /pricebook/submenu                    body { data: PricebookSubmenu } → { data: PricebookSubmenuView }
 *   PUT    /pricebook/submenu/:submenuid         body { data, version } → { data }
 *   DELETE /pricebook/submenu/:submenuid?version=
 *   GET    /pricebook/tagsearch?tags=a,b&path=   → { data: PricebookSubmenuView[] }
 * Allergens (allergens; GET also editMenu)
 *   GET    /allergens?counts=true                → AllergensResponse (item_count only with counts=true)
 *   POST   /allergens                            body AllergenBody → { allergen }
 *   PUT    /allergens/:code                      body AllergenBody (with version) → { allergen }
 *   DELETE /allergens/:code?version=             (custom allergens only, and only when no item uses them)
 *   GET    /list_name_map                        → { data: ListNameMap & { allergens: Record<code, name> } }
 *
 * Every write answers 409 (code versionConflict) when the row changed since the version sent, and 400 with
 * extras.code = the rule's message key when a rule of packages/core refuses it.
 */

export const restaurantQuery = z.object({ restaurant: z.string().min(1).max(200) });
export const versionQuery = z.object({ version: versionParam() });

export const foodItemCreateBody = foodItemFieldsSchema.extend({
  restaurant: z.string().min(1).max(200),
  ...clientMeta,
});
export const foodItemUpdateBody = foodItemFieldsSchema.extend({
  version: versionNumber(),
  ...clientMeta,
});
export type FoodItemCreateBody = z.input<typeof foodItemCreateBody>;
export type FoodItemUpdateBody = z.input<typeof foodItemUpdateBody>;

export const submenuAttachmentBody = z.object({ foodid: z.string().min(1).max(80), ...clientMeta });
export type AttachedSubmenu = { submenuid: string; submenuname: string };

export type CategoryView = {
  id: number;
  restaurant: string;
  name: string;
  sequence: number;
  item_count: number;
  version: number;
  updated_at: string;
  updated_by: string | null;
};
const categoryName = z.string().trim().min(1, 'Enter a category name').max(80);
export const categoryCreateBody = z.object({
  restaurant: z.string().min(1).max(200),
  name: categoryName,
  ...clientMeta,
});
export const categoryUpdateBody = z.object({
  name: categoryName,
  sequence: sequenceNumber().optional(),
  version: versionNumber(),
  ...clientMeta,
});

export type SubmenuSummary = {
  submenuid: string;
  title: string;
  option_count: number;
  connected_count: number;
  /** Every option carries a food id (spec 001 §4.2). */
  all_linked: boolean;
  /** Options off sale now (issue 20 snooze): option name → until (ISO). Only in the menu read. */
  snoozed_options?: Record<string, string>;
  version: number;
  updated_at: string;
  updated_by: string | null;
};
export type SubmenuView = StoredSubmenu & {
  submenuid: string;
  restaurant: string;
  title: string;
  /** Food ids of the menu items the submenu is connected to. */
  connected_items: string[];
  version: number;
  updated_at: string;
  updated_by: string | null;
};
export const submenuSaveBody = z.object({
  restaurant: z.string().min(1).max(200),
  title: z.string().max(MENU_LIMITS.nameMax),
  submenu: storedSubmenuSchema,
  connections: z
    .object({
      added_item_list: z.array(z.string().max(80)).max(5000).default([]),
      removed_item_list: z.array(z.string().max(80)).max(5000).default([]),
      submenu_name: z.string().max(MENU_LIMITS.nameMax).default(''),
    })
    .default({ added_item_list: [], removed_item_list: [], submenu_name: '' }),
  version: versionNumber().optional(),
  ...clientMeta,
});
export type SubmenuSaveBody = z.input<typeof submenuSaveBody>;

/** The menu of one restaurant as the editor reads it. */
export type MenuResponse = {
  result: 'success';
  /** `client`: the restaurant's client ('' for none), whose settings flags shape the item editor (001 §3.4). */
  restaurant: { restaurant: string; name: string; client: string; currency: string; pricebook_path: string };
  fooditems: FoodItemSummary[];
  categories: CategoryView[];
  submenus: SubmenuSummary[];
};
export type FoodItemResponse = {
  result: 'success';
  fooditem: FoodItem;
  pricebook: { pathid: string; price: number } | null;
};

export type PricebookFoodItem = {
  foodid: string;
  foodname: string;
  price: number;
  /** Numeric path id. */
  path: number;
  tags: string;
  /** JSON string: enable_as_submenu, imageurl. */
  extras: string;
  version: number;
};
export const pricebookFoodItemsQuery = z.object({
  path: intIdParam(),
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export const pricebookFoodItemPriceBody = z.object({
  path: intId(),
  foodid: z.string().min(1).max(80),
  price: money('Price cannot be negative'),
  version: versionNumber(),
  ...clientMeta,
});
export const pathQuery = z.object({ path: intIdParam() });
export const tagSearchQuery = z.object({
  tags: z.string().trim().min(1).max(500),
  path: intIdParam().optional(),
});
export const pricebookSubmenuCreateBody = z.object({ data: pricebookSubmenuSchema, ...clientMeta });
export const pricebookSubmenuUpdateBody = z.object({
  data: pricebookSubmenuSchema,
  version: versionNumber(),
  ...clientMeta,
});
export type PricebookSubmenuView = PricebookSubmenu & {
  submenuid: string;
  version: number;
  updated_at: string;
  updated_by: string | null;
};

export type AllergenView = {
  code: string;
  name: string;
  imageurl: string;
  /** One of the 14 regulated allergens (cannot be deleted). */
  regulated: boolean;
  /** Items using it; null unless asked for with counts=true (counting walks every item). */
  item_count: number | null;
  version: number;
};
export type AllergensResponse = {
  result: 'success';
  /** Allergens matching the filters (the list contract's total). */
  total?: number;
  page?: number;
  page_size?: number;
  /** Keyed by code (spec 000 §3). */
  allergens_info: Record<string, { name: string; imageurl: string }>;
  data: AllergenView[];
};
export const allergenBody = z.object({
  code: z.string().trim().toUpperCase().regex(ALLERGEN_CODE_RE, 'Use a code of 2 to 4 letters'),
  name: z.string().trim().min(1, 'Enter a name').max(60),
  imageurl: z.string().trim().max(1000).default(''),
  version: versionNumber().optional(),
  ...clientMeta,
});
export type ListNameMapResponse = { result: 'success'; data: ListNameMap & { allergens: Record<string, string> } };
