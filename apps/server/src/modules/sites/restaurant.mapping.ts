import {
  SETTINGS_PREFIX,
  fromSettingsKeys,
  restaurantFieldsSchema,
  toSettingsKeys,
  type RestaurantFields,
  type RestaurantSummary,
  type RestaurantView,
} from '@cd/core';
import type { RestaurantRow } from '../../db/schema/index.js';

/** Fields kept in their own columns (DESIGN.md §5: what lists filter, sort or join on). */
const COLUMN_FIELDS = ['restid', 'name', 'client', 'status', 'type', 'hasdinein', 'hasdelivery', 'thumbnail'] as const;

/** A validated restaurant → its row's values. */
export function toRowValues(fields: RestaurantFields) {
  const { options, ...rest } = fields;
  const details: Record<string, unknown> = { ...rest };
  for (const k of COLUMN_FIELDS) delete details[k];
  return {
    restid: fields.restid,
    name: fields.name,
    client: fields.client || null,
    status: fields.status,
    type: fields.type,
    hasdinein: fields.hasdinein,
    hasdelivery: fields.hasdelivery,
    hide_restaurant: options.hide_restaurant,
    thumbnail: fields.thumbnail,
    details,
    settings: toSettingsKeys(options),
  };
}

/**
 * A row → the form's fields. Parsing through the schema fills any default a newer version added, so old rows
 * open with every field present.
 */
export function toFields(row: RestaurantRow): RestaurantFields {
  return restaurantFieldsSchema.parse({
    ...row.details,
    restid: row.restid,
    name: row.name,
    client: row.client ?? '',
    status: row.status,
    type: row.type,
    hasdinein: row.hasdinein,
    hasdelivery: row.hasdelivery,
    thumbnail: row.thumbnail,
    options: fromSettingsKeys(row.settings),
  });
}

export function toRestaurantView(row: RestaurantRow, location: string): RestaurantView {
  return {
    ...toFields(row),
    restaurant: row.restaurant,
    foodcourt: row.foodcourt,
    location,
    version: row.version,
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
  };
}

/** The columns a summary reads (the list selects only these: a restaurant's details are large). */
export type RestaurantSummaryRow = Pick<
  RestaurantRow,
  | 'restaurant'
  | 'restid'
  | 'name'
  | 'foodcourt'
  | 'client'
  | 'status'
  | 'type'
  | 'hasdinein'
  | 'hasdelivery'
  | 'hide_restaurant'
  | 'thumbnail'
  | 'version'
  | 'updated_at'
  | 'updated_by'
>;

export function toRestaurantSummary(
  row: RestaurantSummaryRow,
  fc: { name: string; location: string },
): RestaurantSummary {
  return {
    restaurant: row.restaurant,
    restid: row.restid,
    name: row.name,
    foodcourt: row.foodcourt,
    foodcourt_name: fc.name,
    location: fc.location,
    client: row.client ?? '',
    status: row.status,
    type: row.type,
    hasdinein: row.hasdinein,
    hasdelivery: row.hasdelivery,
    hide_restaurant: row.hide_restaurant,
    thumbnail: row.thumbnail,
    version: row.version,
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
  };
}

export { SETTINGS_PREFIX };
