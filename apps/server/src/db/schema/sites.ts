import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps, version } from './columns.js';

/** Clients: the corporate customers whose sites these are; each carries its settings (get_client_data). */
export const clients = pgTable('clients', {
  client: text('client').primaryKey(),
  name: text('name').notNull(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  ...version,
  ...timestamps,
});

/** Organisation tree of spec 000 §3: location → food court → restaurant. */
export const locations = pgTable('locations', {
  location: text('location').primaryKey(),
  name: text('name').notNull(),
  updated_by: text('updated_by'),
  ...version,
  ...timestamps,
});

export const foodcourts = pgTable(
  'foodcourts',
  {
    foodcourt: text('foodcourt').primaryKey(),
    location: text('location')
      .notNull()
      .references(() => locations.location),
    name: text('name').notNull(),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [index('foodcourts_location_idx').on(t.location)],
);

/** A restaurant id is `<foodcourt id>:<restid>` (spec 000 §3). */
export const restaurants = pgTable(
  'restaurants',
  {
    restaurant: text('restaurant').primaryKey(),
    foodcourt: text('foodcourt')
      .notNull()
      .references(() => foodcourts.foodcourt),
    name: text('name').notNull(),
    /** The part after the colon of the restaurant id, lowercased. */
    restid: text('restid').notNull().default(''),
    client: text('client').references(() => clients.client),
    status: text('status').notNull().default(''),
    type: text('type').notNull().default(''),
    hasdinein: boolean('hasdinein').notNull().default(false),
    hasdelivery: boolean('hasdelivery').notNull().default(false),
    hide_restaurant: boolean('hide_restaurant').notNull().default(false),
    thumbnail: text('thumbnail').notNull().default(''),
    /** The rest of the form's fields (spec 001 §3.1), validated by core's restaurantFieldsSchema. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** Restaurant options with their rest_ prefix (spec 001 §3.2). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    updated_by: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [
    index('restaurants_foodcourt_idx').on(t.foodcourt, t.name),
    index('restaurants_name_idx').on(sql`lower(${t.name})`),
    // Go to anywhere (migration 0028): the start of any word of the name.
    index('restaurants_name_words_idx').using('gin', sql`to_tsvector('simple'::regconfig, ${t.name})`),
    index('restaurants_client_idx').on(t.client),
  ],
);

export type LocationRow = typeof locations.$inferSelect;
export type FoodcourtRow = typeof foodcourts.$inferSelect;
export type RestaurantRow = typeof restaurants.$inferSelect;

/** Price-book paths (GET /v2/bck/allpath → data[] {id, pathid}). */
export const paths = pgTable('paths', {
  id: serial('id').primaryKey(),
  pathid: text('pathid').notNull().unique(),
  ...timestamps,
});
