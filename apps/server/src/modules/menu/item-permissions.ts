import { foodItemFieldsSchema, type FoodItemFields, type LockableField } from '@cd/core';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { holds } from './menu-access.js';

/**
 * Spec 001 §6 on the server. Fields shown only with a fine permission cannot be changed without it: the save
 * is REFUSED (403 fieldNotAllowed, naming the field), never silently half-applied — the user must learn that
 * their value was not stored. A field the user cannot see arrives unchanged (the editor sends the item's own
 * value back), so refusing only real changes never blocks an honest save. New items compare with the defaults.
 */
export const FIELD_PERMISSIONS: Partial<Record<keyof FoodItemFields, string>> = {
  price: 'price',
  taxation: 'taxation',
  hsn_code: 'hsn_code',
  barcode: 'barcode',
  daysavailable: 'daysavailable',
  datesavailable: 'available_dates',
  dietary_info: 'dietary_info',
  special_diet: 'special_diet',
  food_texture: 'food_texture',
};

/** The item fields each lock covers (daysanddateavailable is the days-and-dates selector). */
export const LOCKED_FIELDS: Record<LockableField, (keyof FoodItemFields)[]> = {
  price: ['price'],
  hide_item: ['hide_item'],
  daysanddateavailable: ['daysavailable', 'datesavailable'],
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sameSet = (a: readonly string[], b: readonly string[]) => same([...a].sort(), [...b].sort());

let defaults: FoodItemFields | undefined;
/** A new item's values for every field (what the editor starts from). */
export function defaultItemFields(): FoodItemFields {
  defaults ??= foodItemFieldsSchema.parse({ foodname: 'new' });
  return defaults;
}

/** Throws 403 when the user may not make this change; `before` is null for a new item. */
export function assertItemChangeAllowed(user: UserRow, before: FoodItemFields | null, after: FoodItemFields): void {
  if (user.admin) return;
  const base = before ?? defaultItemFields();
  for (const [field, permission] of Object.entries(FIELD_PERMISSIONS) as [keyof FoodItemFields, string][]) {
    if (!holds(user, permission) && !same(base[field], after[field])) {
      throw new AppError(403, 'fieldNotAllowed', `You may not change ${field} (permission ${permission})`, { field });
    }
  }
  const unitManager = holds(user, 'unit_manager');
  if (unitManager) return;
  if (!sameSet(base.locked_field, after.locked_field)) {
    throw new AppError(403, 'lockNotAllowed', 'Only a unit manager can lock or unlock fields', {
      field: 'locked_field',
    });
  }
  for (const lock of base.locked_field) {
    for (const field of LOCKED_FIELDS[lock]) {
      if (!same(base[field], after[field])) {
        throw new AppError(403, 'fieldLocked', `${field} is locked by a unit manager`, { field });
      }
    }
  }
}
