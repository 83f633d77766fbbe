import { z } from 'zod';
import { simpleSubmenuSchema } from '../menu/simple-submenu.js';
import { successEnvelope } from './envelope.js';
import { listAnswerSchema } from './list.js';
import { auditFields } from './site-answers.js';
import type { AllergenView, CategoryView, PricebookFoodItem, SubmenuSummary } from './menu.js';
import { VEG_FLAGS } from '../menu/constants.js';
import type { FoodItemSummary } from '../menu/item.js';

/**
 * The answers of the menu calls (items, categories, submenus, price book, allergens). Documents with a long
 * tail of fields (an item's §3.5 fields, a stored submenu, a price-book submenu) are loose objects: the
 * description names their identity, and core's request schemas (foodItemFieldsSchema, storedSubmenuSchema,
 * pricebookSubmenuSchema) define the rest.
 */

export const categoryViewSchema = z.object({
  id: z.number().int(),
  restaurant: z.string(),
  name: z.string(),
  sequence: z.number().int(),
  item_count: z.number().int(),
  ...auditFields,
}) satisfies z.ZodType<CategoryView>;

export const submenuSummarySchema = z.object({
  submenuid: z.string(),
  title: z.string(),
  option_count: z.number().int(),
  connected_count: z.number().int(),
  all_linked: z.boolean(),
  snoozed_options: z.record(z.string(), z.string()).optional(),
  ...auditFields,
}) satisfies z.ZodType<SubmenuSummary>;

const itemExtras = z.object({
  enable_as_submenu: z.boolean(),
  enable_as_mealdeal: z.boolean(),
  enable_as_mainitem: z.boolean(),
});

export const foodItemSummarySchema = z.object({
  foodid: z.string(),
  foodname: z.string(),
  short_name: z.string(),
  price: z.number(),
  listofcategories: z.array(z.string()),
  vegflag: z.enum(VEG_FLAGS),
  hide_item: z.boolean(),
  imageurl: z.string(),
  extras: itemExtras,
  submenu: z.array(z.string()),
  version: z.number().int(),
  pricebook_price: z.number().nullable().optional(),
  unavailable: z.boolean(),
  sold_out: z.boolean().optional(),
  snoozed_until: z.string().nullable().optional(),
}) satisfies z.ZodType<FoodItemSummary>;

/** GET /vendor/fooditem?restaurant= (MenuResponse). */
export const menuAnswer = successEnvelope({
  restaurant: z.object({
    restaurant: z.string(),
    name: z.string(),
    client: z.string(),
    currency: z.string(),
    pricebook_path: z.string(),
  }),
  fooditems: z.array(foodItemSummarySchema),
  categories: z.array(categoryViewSchema),
  submenus: z.array(submenuSummarySchema),
});

/** One menu item with every field of spec 001 §3.5 (FoodItem). */
export const foodItemSchema = z.looseObject({
  foodid: z.string(),
  restaurant: z.string(),
  foodname: z.string(),
  price: z.number(),
  ...auditFields,
});
export const foodItemAnswer = successEnvelope({
  fooditem: foodItemSchema,
  pricebook: z.object({ pathid: z.string(), price: z.number() }).nullable(),
  /** The item's submenus in the simple form of spec 001 §3.5, in the order of `fooditem.submenu`. */
  submenus: z.array(simpleSubmenuSchema),
});
export const foodItemSavedAnswer = successEnvelope({ message: z.string(), fooditem: foodItemSchema });
export const submenuAttachmentAnswer = successEnvelope({
  all_attached_submenus: z.array(z.object({ submenuid: z.string(), submenuname: z.string() })),
});

export const categoryListAnswer = listAnswerSchema('categories', categoryViewSchema);
export const categorySavedAnswer = successEnvelope({ message: z.string(), category: categoryViewSchema });

/** A menu-mode submenu: the stored form of spec 001 §3.6 plus its identity and connections (SubmenuView). */
export const submenuViewSchema = z.looseObject({
  submenuid: z.string(),
  restaurant: z.string(),
  title: z.string(),
  attributes: z.record(z.string(), z.unknown()),
  list: z.array(z.string()),
  options: z.record(z.string(), z.number()),
  extras: z.record(z.string(), z.unknown()),
  connected_items: z.array(z.string()),
  ...auditFields,
});
export const submenuListAnswer = successEnvelope({ submenus: z.array(submenuSummarySchema) });
export const submenuAnswer = successEnvelope({ submenu: submenuViewSchema });
export const submenuSavedAnswer = successEnvelope({ message: z.string(), submenu: submenuViewSchema });

export const pricebookFoodItemSchema = z.object({
  foodid: z.string(),
  foodname: z.string(),
  price: z.number(),
  path: z.number().int(),
  tags: z.string(),
  extras: z.string().meta({ description: 'JSON text: enable_as_submenu, imageurl' }),
  version: z.number().int(),
}) satisfies z.ZodType<PricebookFoodItem>;
export const pricebookFoodItemsAnswer = successEnvelope({ data: z.array(pricebookFoodItemSchema) });
export const pricebookPriceAnswer = successEnvelope({ message: z.string(), data: pricebookFoodItemSchema });

/** A price-book submenu of spec 001 §3.8 with its identity (PricebookSubmenuView). */
export const pricebookSubmenuViewSchema = z.looseObject({
  submenuid: z.string(),
  submenuname: z.string(),
  path: z.number().int(),
  tags: z.string(),
  subitems: z.array(z.record(z.string(), z.unknown())),
  ...auditFields,
});
export const pricebookSubmenusAnswer = successEnvelope({ data: z.array(pricebookSubmenuViewSchema) });
export const pricebookSubmenuSavedAnswer = successEnvelope({ message: z.string(), data: pricebookSubmenuViewSchema });

export const allergenViewSchema = z.object({
  code: z.string(),
  name: z.string(),
  imageurl: z.string(),
  regulated: z.boolean(),
  item_count: z.number().int().nullable().meta({ description: 'Items declaring it; null unless counts=true' }),
  version: z.number().int(),
}) satisfies z.ZodType<AllergenView>;
/** GET /allergens (AllergensResponse): keyed by code and as a list, with the total of the filters. */
export const allergensAnswer = listAnswerSchema('data', allergenViewSchema).extend({
  allergens_info: z.record(z.string(), z.object({ name: z.string(), imageurl: z.string() })),
});
export const allergenSavedAnswer = successEnvelope({ message: z.string(), allergen: allergenViewSchema });
export const listNameMapAnswer = successEnvelope({
  data: z.object({
    dietary_info: z.array(z.string()),
    special_diet: z.array(z.string()),
    food_texture: z.array(z.string()),
    artificialSubstance: z.array(z.string()),
    nutrients: z.array(z.string()),
    allergens: z.record(z.string(), z.string()),
  }),
});

/**
 * POST /menu/compact {restaurant_list} (spec 000 §7, only named there): the items of several restaurants in the
 * fewest fields, for pickers that choose items across restaurants (offers, upselling, production planning, POS).
 * `available` is false when the item is hidden, sold out, snoozed now or sold on no day.
 */
export const MENU_COMPACT_MAX_RESTAURANTS = 50;
export const menuCompactBody = z.object({
  restaurant_list: z.array(z.string().trim().min(1).max(200)).min(1).max(MENU_COMPACT_MAX_RESTAURANTS),
});
export const compactItemSchema = z.object({
  foodid: z.string(),
  foodname: z.string(),
  price: z.number(),
  listofcategories: z.array(z.string()),
  vegflag: z.string(),
  available: z.boolean(),
});
export const menuCompactAnswer = successEnvelope({
  menus: z.array(
    z.object({
      restaurant: z.string(),
      name: z.string(),
      currency: z.string(),
      fooditems: z.array(compactItemSchema),
    }),
  ),
});
export type MenuCompactAnswer = z.infer<typeof menuCompactAnswer>;

/**
 * GET /vendor/menuattribute?restaurant= (spec 000 §7, only named there): the attributes a restaurant's menu uses,
 * with how many items carry each: categories, veg flags, cuisines, sessions, allergens, diet classifications, the
 * price range and the availability counts. What a filter bar or an app's facets are built from.
 */
const facet = z.array(z.object({ value: z.string(), count: z.number().int() }));
export const menuAttributeQuery = z.object({ restaurant: z.string().trim().min(1).max(200) });
export const menuAttributeAnswer = successEnvelope({
  restaurant: z.string(),
  items: z.number().int(),
  categories: facet,
  vegflags: facet,
  cuisines: facet,
  sessions: facet,
  allergens: facet,
  diet_tags: facet,
  price: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
  availability: z.object({
    hidden: z.number().int(),
    sold_out: z.number().int(),
    snoozed: z.number().int(),
  }),
});
export type MenuAttributeAnswer = z.infer<typeof menuAttributeAnswer>;
