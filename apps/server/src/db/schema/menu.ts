import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps, version } from './columns.js';
import { paths, restaurants } from './sites.js';

/**
 * Menus (issue 5). Columns hold what lists filter, sort, join or constrain; `details` holds the long tail of
 * item fields, validated by core's foodItemFieldsSchema. Money is numeric(12,3), never float.
 * `restaurants.menu_version` is not used: each row has its own version for 409s.
 */
export const foodItems = pgTable(
  'food_items',
  {
    foodid: text('foodid').primaryKey(),
    restaurant: text('restaurant')
      .notNull()
      .references(() => restaurants.restaurant),
    foodname: text('foodname').notNull(),
    price: numeric('price', { precision: 12, scale: 3 }).notNull().default('0'),
    listofcategories: jsonb('listofcategories').$type<string[]>().notNull().default([]),
    vegflag: text('vegflag').notNull().default('V'),
    hide_item: boolean('hide_item').notNull().default(false),
    imageurl: text('imageurl').notNull().default(''),
    short_name: text('short_name').notNull().default(''),
    /** enable_as_submenu, enable_as_mealdeal, enable_as_mainitem. */
    extras: jsonb('extras').$type<Record<string, boolean>>().notNull().default({}),
    locked_field: jsonb('locked_field').$type<string[]>().notNull().default([]),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** Ordering of the restaurant's menu. */
    sequence: integer('sequence').notNull().default(0),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [
    index('food_items_restaurant_idx').on(t.restaurant, t.sequence, t.foodid),
    index('food_items_name_idx').on(t.restaurant, sql`lower(${t.foodname})`),
    // Go to anywhere (migration 0028): the start of any word of the name.
    index('food_items_name_words_idx').using('gin', sql`to_tsvector('simple'::regconfig, ${t.foodname})`),
  ],
);
export type FoodItemRow = typeof foodItems.$inferSelect;

/** Categories of a restaurant; items name them in listofcategories. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    restaurant: text('restaurant')
      .notNull()
      .references(() => restaurants.restaurant),
    name: text('name').notNull(),
    sequence: integer('sequence').notNull().default(0),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [uniqueIndex('categories_restaurant_name_uq').on(t.restaurant, sql`lower(${t.name})`)],
);
export type CategoryRow = typeof categories.$inferSelect;

/** Menu-mode submenus: the stored form of spec 001 §3.6 (attributes, list, options, extras) in `body`. */
export const submenus = pgTable(
  'submenus',
  {
    submenuid: text('submenuid').primaryKey(),
    restaurant: text('restaurant')
      .notNull()
      .references(() => restaurants.restaurant),
    title: text('title').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    option_count: integer('option_count').notNull().default(0),
    /** Every option carries a food id. */
    all_linked: boolean('all_linked').notNull().default(false),
    /** Food ids of linked options, for the attachment check. */
    linked_foodids: jsonb('linked_foodids').$type<string[]>().notNull().default([]),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('submenus_restaurant_title_uq').on(t.restaurant, sql`lower(${t.title})`),
    index('submenus_linked_idx').using('gin', t.linked_foodids),
  ],
);
export type SubmenuRow = typeof submenus.$inferSelect;

/** Which items a submenu is connected to (the item's submenu box; the editor's connections section). */
export const foodItemSubmenus = pgTable(
  'food_item_submenus',
  {
    foodid: text('foodid')
      .notNull()
      .references(() => foodItems.foodid, { onDelete: 'cascade' }),
    submenuid: text('submenuid')
      .notNull()
      .references(() => submenus.submenuid, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.foodid, t.submenuid] }), index('food_item_submenus_submenu_idx').on(t.submenuid)],
);

/** Price-book food items: a price per path for a food id (spec 001 §3.9). */
export const pricebookFoodItems = pgTable(
  'pricebook_food_items',
  {
    path: integer('path')
      .notNull()
      .references(() => paths.id),
    foodid: text('foodid').notNull(),
    foodname: text('foodname').notNull(),
    price: numeric('price', { precision: 12, scale: 3 }).notNull().default('0'),
    tags: text('tags').notNull().default(''),
    enable_as_submenu: boolean('enable_as_submenu').notNull().default(false),
    imageurl: text('imageurl').notNull().default(''),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.path, t.foodid] }),
    index('pricebook_food_items_name_idx').on(t.path, sql`lower(${t.foodname})`),
  ],
);

/** Price-book submenus (spec 001 §3.8); subitems kept in the order of their sequence. */
export const pricebookSubmenus = pgTable(
  'pricebook_submenus',
  {
    submenuid: text('submenuid').primaryKey(),
    path: integer('path')
      .notNull()
      .references(() => paths.id),
    submenuname: text('submenuname').notNull(),
    /** Lowercased tags, for tagsearch. */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('pricebook_submenus_name_uq').on(t.path, sql`lower(${t.submenuname})`),
    index('pricebook_submenus_tags_idx').using('gin', t.tags),
  ],
);

/** The allergen catalogue (spec 000 §3): the 14 regulated ones are seeded by the migration's first start. */
export const allergens = pgTable('allergens', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  imageurl: text('imageurl').notNull().default(''),
  regulated: boolean('regulated').notNull().default(false),
  sequence: integer('sequence').notNull().default(0),
  updated_by: text('updated_by'),
  ...version,
  ...timestamps,
});
