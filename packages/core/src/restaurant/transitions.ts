import { SERVICE_FLAGS, type RestaurantFields, type ServiceFlag } from './fields.js';
import { PARCEL_MODES } from './options.js';

/**
 * The form's transitions of spec 001 §4.1 as pure functions: the form applies them as the user edits, and
 * the server applies the same ones to what it stores, so both end in the same record.
 */

/** Changing client resets status and type to empty. */
export function changeClient(r: RestaurantFields, client: string): RestaurantFields {
  return client === r.client ? r : { ...r, client, status: '', type: '' };
}

/** Ticking non-veg sets the veg flag to B (both), otherwise V. */
export function setNonVeg(r: RestaurantFields, nonveg: boolean): RestaurantFields {
  return { ...r, nonvegflag: nonveg, vegflag: nonveg ? 'B' : 'V' };
}

/** Carry-forward stock and nullify stock are mutually exclusive: turning one on turns the other off. */
export function setStockMode(
  r: RestaurantFields,
  mode: 'carryforward_stock' | 'nullify_stock',
  on: boolean,
): RestaurantFields {
  const other = mode === 'carryforward_stock' ? 'nullify_stock' : 'carryforward_stock';
  return { ...r, options: { ...r.options, [mode]: on, ...(on ? { [other]: false } : {}) } };
}

/** Enabling (or disabling) parcel charge resets the modes to empty. */
export function setParcelEnabled(r: RestaurantFields, enabled: boolean): RestaurantFields {
  return { ...r, options: { ...r.options, parcel_charges: { enabled, modes: [] } } };
}

/** Choosing parcel modes sets parcel charge enabled. */
export function setParcelModes(r: RestaurantFields, modes: (typeof PARCEL_MODES)[number][]): RestaurantFields {
  const unique = PARCEL_MODES.filter((m) => modes.includes(m));
  return {
    ...r,
    options: {
      ...r.options,
      parcel_charges: { enabled: unique.length > 0 || r.options.parcel_charges.enabled, modes: unique },
    },
  };
}

/**
 * Hiding saves the service flags and turns them all off; unhiding restores what was saved.
 */
export function setHidden(r: RestaurantFields, hide: boolean): RestaurantFields {
  if (hide === r.options.hide_restaurant) return r;
  if (hide) {
    const saved = Object.fromEntries(SERVICE_FLAGS.map((f) => [f, r[f]]));
    const off = Object.fromEntries(SERVICE_FLAGS.map((f) => [f, false]));
    return { ...r, ...off, options: { ...r.options, hide_restaurant: true, hidden_service_flags: saved } };
  }
  const saved = r.options.hidden_service_flags ?? {};
  const restored = Object.fromEntries(SERVICE_FLAGS.map((f) => [f, saved[f] ?? r[f]]));
  return { ...r, ...restored, options: { ...r.options, hide_restaurant: false, hidden_service_flags: null } };
}

/** Turning a service flag on while hidden un-hides the restaurant (the saved copy no longer applies). */
export function setServiceFlag(r: RestaurantFields, flag: ServiceFlag, on: boolean): RestaurantFields {
  const next = { ...r, [flag]: on };
  if (on && r.options.hide_restaurant) {
    return { ...next, options: { ...r.options, hide_restaurant: false, hidden_service_flags: null } };
  }
  return next;
}

/** Whether the auto cut-off time applies: not when auto status is default or disabled. */
export function autoCutoffEnabled(r: RestaurantFields): boolean {
  return r.options.auto_status !== 'default' && r.options.auto_status !== 'disabled';
}
