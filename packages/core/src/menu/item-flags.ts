import type { ClientFlag, ClientFlags } from '../branding.js';
import { MENU_WEEKDAYS } from './constants.js';
import { ALL_DAYS, MENU_ITEM_FIELDS, type DaysAvailable, type MenuFieldDef } from './item.js';

/**
 * The item editor's fields each client settings flag of spec 001 §3.4 switches (the fifth flag,
 * defaultAllDaysAvailablity, sets a new item's days instead). A flag that is off hides its fields; the stored
 * values stay as they are, so switching a flag back on shows them again.
 */
export const ITEM_FIELDS_BY_FLAG: Record<Exclude<ClientFlag, 'defaultAllDaysAvailablity'>, readonly string[]> = {
  allergensMapping: ['allergens'],
  artificialSubstance: ['artificialSubstance'],
  nutritionalInfo: ['calories', 'nutrition'],
  commonItemImages: ['imageurl'],
};

/** The item editor's fields for a client with these flags. */
export function itemFieldsFor(flags: ClientFlags, fields: readonly MenuFieldDef[] = MENU_ITEM_FIELDS): MenuFieldDef[] {
  const hidden = new Set(
    Object.entries(ITEM_FIELDS_BY_FLAG).flatMap(([flag, keys]) => (flags[flag as ClientFlag] ? [] : keys)),
  );
  return fields.filter((def) => !hidden.has(def.key));
}

/** A new item's days available: every day, or none for a client whose defaultAllDaysAvailablity is off. */
export function newItemDays(flags: ClientFlags): DaysAvailable {
  if (flags.defaultAllDaysAvailablity) return { ...ALL_DAYS };
  return Object.fromEntries(MENU_WEEKDAYS.map((d) => [d, false])) as DaysAvailable;
}
