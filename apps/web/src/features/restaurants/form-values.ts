import { newRestaurantDefaults, restaurantFieldsSchema, type RestaurantFields, type RestaurantView } from '@cd/core';
import { currentRegion } from '../../lib/region';

/** The JSON blobs of spec 001 §3.2, edited as text in the JSON settings section. */
export const JSON_BLOBS = [
  'subscription_options',
  'subflowids',
  'labels',
  'alertsAndNotifications',
  'otherdetails',
] as const;
export type JsonBlobKey = (typeof JSON_BLOBS)[number];

/**
 * The form's values: the restaurant's fields as core defines them, plus the text typed into each JSON blob
 * (kept apart, so a half-typed blob never replaces the last valid object; an unparsable one blocks save).
 */
export type RestaurantFormValues = RestaurantFields & { jsonDrafts: Record<JsonBlobKey, string> };

const VIEW_ONLY_KEYS = ['restaurant', 'foodcourt', 'location', 'version', 'updated_at', 'updated_by'] as const;

export function blobText(value: unknown): string {
  return JSON.stringify(value ?? {}, null, 2);
}

function withDrafts(fields: RestaurantFields): RestaurantFormValues {
  const jsonDrafts = Object.fromEntries(JSON_BLOBS.map((k) => [k, blobText(fields.options[k])])) as Record<
    JsonBlobKey,
    string
  >;
  return { ...fields, jsonDrafts };
}

/** A new restaurant's values; its currency is the region's (issue 21: it had none). */
export function newFormValues(currency: string = currentRegion().currency): RestaurantFormValues {
  return withDrafts({ ...newRestaurantDefaults(), currency });
}

/**
 * A stored restaurant as form values. Keys the record lacks take the new-restaurant defaults (records made
 * before a field existed), and the record is parsed by core's schema when it can be, so the form starts from
 * the same normalised values the server would store.
 */
export function viewToFormValues(view: RestaurantView): RestaurantFormValues {
  const defaults = newRestaurantDefaults();
  const rest: Record<string, unknown> = { ...view };
  for (const key of VIEW_ONLY_KEYS) delete rest[key];
  const merged = { ...defaults, ...rest, options: { ...defaults.options, ...(view.options ?? {}) } };
  const parsed = restaurantFieldsSchema.safeParse(merged);
  return withDrafts(parsed.success ? parsed.data : (merged as RestaurantFields));
}

/** The fields part of the form's values (without the JSON drafts). */
export function formValuesToFields(values: RestaurantFormValues): RestaurantFields {
  const { jsonDrafts: _drafts, ...fields } = values;
  return fields;
}
