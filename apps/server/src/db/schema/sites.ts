import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
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
    client: text('client').references(() => clients.client),
    hasdinein: boolean('hasdinein').notNull().default(false),
    hasdelivery: boolean('hasdelivery').notNull().default(false),
    ...version,
    ...timestamps,
  },
  (t) => [index('restaurants_foodcourt_idx').on(t.foodcourt)],
);

export type LocationRow = typeof locations.$inferSelect;
export type FoodcourtRow = typeof foodcourts.$inferSelect;
export type RestaurantRow = typeof restaurants.$inferSelect;
