import { isSafeLink, SAFE_LINK_MESSAGE } from '../links.js';
import { isIndianState, UNKNOWN_INDIAN_STATE_MESSAGE } from '../india-states.js';
import { isValidKey } from '../validation.js';
import { CLIENT_WITHOUT_STATUS, SERVICE_FLAGS, type RestaurantFields } from './fields.js';
import { CHANNELS, type ConvenienceFeeRow, type ServingSlot } from './options.js';

/** One problem found in a restaurant: the field path, a message key the web translates, and English text. */
export type RestaurantIssue = { field: string; key: string; message: string };

const issue = (field: string, key: string, message: string): RestaurantIssue => ({ field, key, message });

/** Fields marked required (spec 001 §5.1); status and type only when the client shows them. */
export function requiredFields(r: Pick<RestaurantFields, 'client'>): string[] {
  const base = [
    'restid',
    'name',
    'client',
    'sitecode',
    'currency',
    'restaurant_wise_order_capacity',
    'fssai_no',
    'secondary_foodcourt',
    'description',
    'rest_na_message',
    'cuisines',
    'extradetails',
    'info_link',
    'pricebook_path',
  ];
  return r.client === CLIENT_WITHOUT_STATUS ? base : [...base, 'status', 'type'];
}

/**
 * The conditionally required fields (the spec does not show the condition; see docs/decisions.md):
 * GSTIN is required for restaurants billing in Indian rupees, and the vendor name whenever a GSTIN is given
 * (both print on the tax invoice).
 */
export function conditionallyRequired(r: Pick<RestaurantFields, 'currency' | 'gstin'>): string[] {
  const out: string[] = [];
  if (r.currency === 'INR') out.push('gstin');
  if (r.gstin.trim()) out.push('vendorname');
  return out;
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export function validateRestaurant(r: RestaurantFields): RestaurantIssue[] {
  const issues: RestaurantIssue[] = [];
  for (const field of [...requiredFields(r), ...conditionallyRequired(r)]) {
    if (isEmpty((r as Record<string, unknown>)[field]))
      issues.push(issue(field, 'restaurant.errors.required', 'This field is required'));
  }
  if (!isEmpty(r.restid) && (!isValidKey(r.restid) || r.restid !== r.restid.toLowerCase())) {
    issues.push(
      issue(
        'restid',
        'restaurant.errors.invalidRestid',
        'Use lowercase letters, digits and _ only, not starting with _',
      ),
    );
  }
  if (r.business_unit && !/^[A-Za-z0-9]+$/.test(r.business_unit)) {
    issues.push(issue('business_unit', 'restaurant.errors.alphanumericOnly', 'Use letters and digits only'));
  }
  issues.push(...validateIndianAddress(r));
  if (r.gstin && !/^[0-9A-Z]{15}$/.test(r.gstin))
    issues.push(issue('gstin', 'restaurant.errors.invalidGstin', 'A GSTIN has 15 capital letters and digits'));
  // The link rule of every user-typed link (core's links.ts); checked here, not in the schema, which also reads
  // stored restaurants (one saved before the rule must still open so it can be corrected).
  if (!isSafeLink(r.info_link)) issues.push(issue('info_link', 'restaurant.errors.unsafeLink', SAFE_LINK_MESSAGE));
  if (r.admin_mailids) {
    const bad = r.admin_mailids
      .split(',')
      .map((m) => m.trim())
      .filter((m) => m && !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(m));
    if (bad.length)
      issues.push(
        issue('admin_mailids', 'restaurant.errors.invalidEmails', `Not an e-mail address: ${bad.join(', ')}`),
      );
  }
  issues.push(...validateInvariants(r));
  issues.push(...validateAvailability(r.options));
  r.options.dynamic_conveniencefee.forEach((row, i) => {
    for (const p of validateConvenienceFee(row))
      issues.push({ ...p, field: `options.dynamic_conveniencefee.${i}.${p.field}` });
  });
  for (const key of ['timings_extras', 'kiosk_timings_extras', 'pos_timings_extras'] as const) {
    const slots = r.options[key];
    slots.forEach((slot, i) => {
      const others = slots.filter((_, j) => j !== i);
      for (const p of validateServingSlot({ ...slot, channels: ['app'] }, others))
        issues.push({ ...p, field: `options.${key}.${i}.${p.field}` });
    });
  }
  return issues;
}

/** An Indian restaurant is one billing in rupees (as for the GSTIN): its address is an Indian address. */
export const hasIndianAddress = (r: Pick<RestaurantFields, 'currency'>) => r.currency === 'INR';

/**
 * An Indian address (issue 36): the state, when given, is one of India's 28 states and 8 union territories by its
 * current name; the PIN code, when given, has six digits not starting with 0.
 */
export function validateIndianAddress(r: Pick<RestaurantFields, 'currency' | 'state' | 'pincode'>): RestaurantIssue[] {
  if (!hasIndianAddress(r)) return [];
  const out: RestaurantIssue[] = [];
  if (r.state.trim() && !isIndianState(r.state.trim()))
    out.push(issue('state', 'restaurant.errors.unknownIndianState', `${UNKNOWN_INDIAN_STATE_MESSAGE}: ${r.state}`));
  if (r.pincode.trim() && !/^[1-9][0-9]{5}$/.test(r.pincode.trim()))
    out.push(issue('pincode', 'restaurant.errors.invalidPincode', 'An Indian PIN code has six digits'));
  return out;
}

/**
 * What the form's transitions guarantee (spec 001 §4.1); a record that breaks them did not come from the
 * form, and the server refuses it rather than store a contradiction.
 */
export function validateInvariants(r: RestaurantFields): RestaurantIssue[] {
  const out: RestaurantIssue[] = [];
  if (r.vegflag !== (r.nonvegflag ? 'B' : 'V'))
    out.push(
      issue('vegflag', 'restaurant.errors.vegflagMismatch', 'The veg flag must be B with non-veg items, else V'),
    );
  if (r.options.carryforward_stock && r.options.nullify_stock) {
    out.push(
      issue(
        'options.nullify_stock',
        'restaurant.errors.stockExclusive',
        'Carry-forward stock and nullify stock cannot both be on',
      ),
    );
  }
  if (r.options.parcel_charges.modes.length > 0 && !r.options.parcel_charges.enabled) {
    out.push(
      issue(
        'options.parcel_charges.enabled',
        'restaurant.errors.parcelModesNeedEnabled',
        'Parcel modes need parcel charge enabled',
      ),
    );
  }
  if (r.options.hide_restaurant && SERVICE_FLAGS.some((f) => r[f])) {
    out.push(
      issue('options.hide_restaurant', 'restaurant.errors.hiddenWithServices', 'A hidden restaurant offers no service'),
    );
  }
  if (r.client === CLIENT_WITHOUT_STATUS && (r.status || r.type)) {
    out.push(issue('status', 'restaurant.errors.noStatusForClient', 'This client has no status or type'));
  }
  return out;
}

/** Availability: a message is required once days or dates are chosen (spec 001 §4.1, §5.1). */
export function validateAvailability(o: RestaurantFields['options']): RestaurantIssue[] {
  const out: RestaurantIssue[] = [];
  if (o.non_available_days.length > 0 && !o.non_available_days_msg.trim()) {
    out.push(
      issue(
        'options.non_available_days_msg',
        'restaurant.errors.fieldEmptyErrMsg',
        'Enter the message shown on closed days',
      ),
    );
  }
  if (o.non_available_dates.length > 0 && !o.non_available_dates_msg.trim()) {
    out.push(
      issue(
        'options.non_available_dates_msg',
        'restaurant.errors.fieldEmptyErrMsg',
        'Enter the message shown on offline dates',
      ),
    );
  }
  return out;
}

/** A convenience-fee row: min, max and fee required (separately), min below max (spec 001 §5.1). */
export function validateConvenienceFee(
  row: Partial<Record<'min' | 'max' | 'convenience_fee', number | null>>,
): RestaurantIssue[] {
  const out: RestaurantIssue[] = [];
  const missing = (v: unknown) => v === undefined || v === null || Number.isNaN(v);
  if (missing(row.min)) out.push(issue('min', 'restaurant.errors.feeMinRequired', 'Enter the minimum amount'));
  if (missing(row.max)) out.push(issue('max', 'restaurant.errors.feeMaxRequired', 'Enter the maximum amount'));
  if (missing(row.convenience_fee))
    out.push(issue('convenience_fee', 'restaurant.errors.feeRequired', 'Enter the convenience fee'));
  if (!missing(row.min) && !missing(row.max) && (row.min as number) >= (row.max as number)) {
    out.push(issue('max', 'restaurant.errors.feeMinMax', 'The minimum must be less than the maximum'));
  }
  return out;
}

/** Negative numbers typed into the fee rows become empty (spec 001 §5.1). */
export function nonNegativeOrEmpty(v: number | null | undefined): number | null {
  return v === null || v === undefined || Number.isNaN(v) || v < 0 ? null : v;
}

export type SlotWithChannels = Pick<ServingSlot, 'start' | 'end'> & {
  channels: (typeof CHANNELS)[number][];
  days?: string[];
};

/** Serving slots: start before end, no duplicate, at least one channel (spec 001 §5.1). */
export function validateServingSlot(
  slot: SlotWithChannels,
  others: Pick<ServingSlot, 'start' | 'end'>[],
): RestaurantIssue[] {
  const out: RestaurantIssue[] = [];
  if (!slot.start || !slot.end || slot.start >= slot.end)
    out.push(issue('end', 'restaurant.errors.enterValidTime', 'Enter a valid time: the start must be before the end'));
  if (others.some((o) => o.start === slot.start && o.end === slot.end))
    out.push(issue('start', 'restaurant.errors.duplicateEntry', 'Duplicate entry'));
  if (slot.channels.length === 0)
    out.push(issue('channels', 'restaurant.errors.channelRequired', 'Choose at least one channel'));
  return out;
}

/** The editor's slot list ↔ the stored app and kiosk lists (spec 001 §3.3). */
export function splitSlotsByChannel(slots: (ServingSlot & { channels: (typeof CHANNELS)[number][] })[]) {
  const strip = ({ channels: _c, ...s }: ServingSlot & { channels: unknown }) => s;
  return {
    timings_extras: slots.filter((s) => s.channels.includes('app')).map(strip),
    kiosk_timings_extras: slots.filter((s) => s.channels.includes('kiosk')).map(strip),
  };
}

export function mergeSlotsByChannel(app: ServingSlot[], kiosk: ServingSlot[]) {
  const key = (s: ServingSlot) => `${s.start}-${s.end}-${s.cart_option_id}-${s.days.join(',')}`;
  const merged = new Map<string, ServingSlot & { channels: (typeof CHANNELS)[number][] }>();
  for (const s of app) merged.set(key(s), { ...s, channels: ['app'] });
  for (const s of kiosk) {
    const existing = merged.get(key(s));
    if (existing) existing.channels.push('kiosk');
    else merged.set(key(s), { ...s, channels: ['kiosk'] });
  }
  return [...merged.values()].sort((a, b) => a.start.localeCompare(b.start));
}

export type { ConvenienceFeeRow };
