import { describe, expect, it } from 'vitest';
import {
  cancelThresholdMinutes,
  newRestaurantDefaults,
  restaurantUniqueId,
  splitCancelThreshold,
  type RestaurantFields,
} from './fields.js';
import {
  mergeSlotsByChannel,
  splitSlotsByChannel,
  validateConvenienceFee,
  validateRestaurant,
  validateServingSlot,
  nonNegativeOrEmpty,
} from './rules.js';
import {
  autoCutoffEnabled,
  changeClient,
  setHidden,
  setNonVeg,
  setParcelEnabled,
  setParcelModes,
  setServiceFlag,
  setStockMode,
} from './transitions.js';
import { fromSettingsKeys, toSettingsKeys } from './options.js';

const complete = (): RestaurantFields => ({
  ...newRestaurantDefaults(),
  restid: 'spice_route',
  name: 'Spice Route',
  client: 'acme',
  sitecode: 'BLR01',
  currency: 'GBP',
  fssai_no: '12345678901234',
  description: 'North Indian',
  rest_na_message: 'Closed',
  cuisines: 'Indian',
  extradetails: 'Ground floor',
  info_link: 'https://example.com',
  status: 'active',
  type: 'cnc_regular',
});

describe('defaults (spec 001 §3.1, §3.2, §9)', () => {
  it('starts a new restaurant with the spec defaults', () => {
    const r = newRestaurantDefaults();
    expect(r).toMatchObject({
      restaurant_wise_order_capacity: 0,
      secondary_foodcourt: 'none',
      hasdinein: true,
      hasdelivery: false,
      veg: true,
      vegflag: 'V',
      thumbnail: 'logos/comingsoon.jpg',
      minimumdeliveryamount: 100,
      deliveredin: 60,
      delservingtime: '10:00-21:00',
      drs_collection: true,
      item_count_colour: '#209139',
      item_count_threshold_colour: '#C62929',
      item_count_threshold: 0,
      item_count_font_size: 12,
    });
    expect(r.options).toMatchObject({
      order_push_type: [1, 2, 3],
      enable_order_accepting: 'default',
      pre_order_push_before_min: 20,
      auto_status: 'default',
      auto_cutoff_time: 180,
      price_include_taxes: true,
      genservingtime: '08:00-21:00',
      billingstarttime: '06:00',
      sploffer_text: 'N',
      sploffer_text_full: 'N',
      disc_percent: 0,
      menumarkup: 0,
      packingmarkup: 0,
      parcel_charges: { enabled: false, modes: [] },
    });
  });
  it('builds the unique id from the food court and the lowercased restid', () => {
    expect(restaurantUniqueId('fc-blr-atrium', 'Spice_Route')).toBe('fc-blr-atrium:spice_route');
  });
  it('prefixes settings keys with rest_ and back', () => {
    expect(toSettingsKeys({ hide_restaurant: true })).toEqual({ rest_hide_restaurant: true });
    expect(fromSettingsKeys({ rest_hide_restaurant: true, other: 1 })).toEqual({ hide_restaurant: true });
  });
});

describe('validation (spec 001 §5.1)', () => {
  it('accepts a complete restaurant', () => {
    expect(validateRestaurant(complete())).toEqual([]);
  });
  it('names every required field that is empty', () => {
    const fields = validateRestaurant(newRestaurantDefaults()).map((i) => i.field);
    for (const f of [
      'restid',
      'name',
      'client',
      'sitecode',
      'currency',
      'fssai_no',
      'description',
      'rest_na_message',
      'cuisines',
      'extradetails',
      'info_link',
      'status',
      'type',
    ]) {
      expect(fields).toContain(f);
    }
  });
  it('does not require status and type for the smartq client', () => {
    const fields = validateRestaurant({ ...complete(), client: 'smartq', status: '', type: '' }).map((i) => i.field);
    expect(fields).not.toContain('status');
  });
  it('requires GSTIN for rupee restaurants and the vendor name with a GSTIN', () => {
    expect(validateRestaurant({ ...complete(), currency: 'INR' }).map((i) => i.field)).toEqual(['gstin']);
    expect(
      validateRestaurant({ ...complete(), currency: 'INR', gstin: '29ABCDE1234F1Z5' }).map((i) => i.field),
    ).toEqual(['vendorname']);
  });
  it('checks restid, business unit and e-mails', () => {
    expect(validateRestaurant({ ...complete(), restid: '_x' })[0]?.key).toBe('restaurant.errors.invalidRestid');
    expect(validateRestaurant({ ...complete(), restid: 'a-b' })[0]?.key).toBe('restaurant.errors.invalidRestid');
    expect(validateRestaurant({ ...complete(), business_unit: 'BU-1' })[0]?.key).toBe(
      'restaurant.errors.alphanumericOnly',
    );
    expect(validateRestaurant({ ...complete(), admin_mailids: 'a@b.io, nope' })[0]?.message).toMatch(/nope/);
  });
  it('refuses an info link that is not http(s), mailto or tel', () => {
    expect(validateRestaurant({ ...complete(), info_link: 'javascript:alert(1)' })).toEqual([
      {
        field: 'info_link',
        key: 'restaurant.errors.unsafeLink',
        message: 'Use a web address starting with https:// (or mailto:, tel:)',
      },
    ]);
  });
  it('refuses records that break the form transitions', () => {
    const r = complete();
    const keys = (x: RestaurantFields) => validateRestaurant(x).map((i) => i.key);
    expect(keys({ ...r, nonvegflag: true })).toEqual(['restaurant.errors.vegflagMismatch']);
    expect(keys({ ...r, options: { ...r.options, carryforward_stock: true, nullify_stock: true } })).toEqual([
      'restaurant.errors.stockExclusive',
    ]);
    expect(keys({ ...r, options: { ...r.options, parcel_charges: { enabled: false, modes: ['dinein'] } } })).toEqual([
      'restaurant.errors.parcelModesNeedEnabled',
    ]);
    expect(keys({ ...r, options: { ...r.options, hide_restaurant: true } })).toEqual([
      'restaurant.errors.hiddenWithServices',
    ]);
    expect(keys(setHidden(r, true))).toEqual([]);
  });
  it('requires the availability messages once days or dates are chosen', () => {
    const r = complete();
    const issues = validateRestaurant({
      ...r,
      options: { ...r.options, non_available_days: ['sunday'], non_available_dates: ['25-12-2026'] },
    });
    expect(issues.map((i) => [i.field, i.key])).toEqual([
      ['options.non_available_days_msg', 'restaurant.errors.fieldEmptyErrMsg'],
      ['options.non_available_dates_msg', 'restaurant.errors.fieldEmptyErrMsg'],
    ]);
  });
  it('checks convenience-fee rows field by field', () => {
    expect(validateConvenienceFee({}).map((i) => i.key)).toEqual([
      'restaurant.errors.feeMinRequired',
      'restaurant.errors.feeMaxRequired',
      'restaurant.errors.feeRequired',
    ]);
    expect(validateConvenienceFee({ min: 100, max: 100, convenience_fee: 5 }).map((i) => i.key)).toEqual([
      'restaurant.errors.feeMinMax',
    ]);
    expect(validateConvenienceFee({ min: 0, max: 100, convenience_fee: 5 })).toEqual([]);
    expect(nonNegativeOrEmpty(-3)).toBeNull();
    expect(nonNegativeOrEmpty(3)).toBe(3);
  });
  it('checks serving slots: order, duplicates, channels', () => {
    expect(validateServingSlot({ start: '12:00', end: '11:00', channels: ['app'] }, [])[0]?.key).toBe(
      'restaurant.errors.enterValidTime',
    );
    expect(
      validateServingSlot({ start: '11:00', end: '12:00', channels: ['app'] }, [{ start: '11:00', end: '12:00' }])[0]
        ?.key,
    ).toBe('restaurant.errors.duplicateEntry');
    expect(validateServingSlot({ start: '11:00', end: '12:00', channels: [] }, [])[0]?.key).toBe(
      'restaurant.errors.channelRequired',
    );
  });
  it('computes the cancel threshold and refuses negative parts', () => {
    expect(cancelThresholdMinutes({ days: 1, hours: 2, minutes: 3 })).toBe(1 * 1440 + 2 * 60 + 3);
    expect(cancelThresholdMinutes({ days: 0, hours: -1, minutes: 0 })).toBeNull();
    expect(splitCancelThreshold(1563)).toEqual({ days: 1, hours: 2, minutes: 3 });
  });
});

describe('transitions (spec 001 §4.1)', () => {
  it('resets status and type when the client changes', () => {
    expect(changeClient(complete(), 'globex')).toMatchObject({ client: 'globex', status: '', type: '' });
    expect(changeClient(complete(), 'acme')).toMatchObject({ status: 'active' });
  });
  it('sets the veg flag from non-veg', () => {
    expect(setNonVeg(complete(), true).vegflag).toBe('B');
    expect(setNonVeg(setNonVeg(complete(), true), false).vegflag).toBe('V');
  });
  it('keeps carry-forward and nullify stock exclusive', () => {
    const a = setStockMode(complete(), 'carryforward_stock', true);
    const b = setStockMode(a, 'nullify_stock', true);
    expect([b.options.carryforward_stock, b.options.nullify_stock]).toEqual([false, true]);
    expect(setStockMode(b, 'nullify_stock', false).options.carryforward_stock).toBe(false);
  });
  it('resets parcel modes on enable and enables on choosing modes', () => {
    const withModes = setParcelModes(complete(), ['takeaway', 'dinein']);
    expect(withModes.options.parcel_charges).toEqual({ enabled: true, modes: ['dinein', 'takeaway'] });
    expect(setParcelEnabled(withModes, true).options.parcel_charges).toEqual({ enabled: true, modes: [] });
  });
  it('hiding saves and clears the service flags; unhiding restores them', () => {
    const r = { ...complete(), hasdinein: true, preorder: true, hasdelivery: false };
    const hidden = setHidden(r, true);
    expect([hidden.hasdinein, hidden.preorder, hidden.options.hide_restaurant]).toEqual([false, false, true]);
    const shown = setHidden(hidden, false);
    expect([shown.hasdinein, shown.preorder, shown.hasdelivery, shown.options.hide_restaurant]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(shown.options.hidden_service_flags).toBeNull();
  });
  it('enabling a service flag clears hide_restaurant', () => {
    const hidden = setHidden(complete(), true);
    const on = setServiceFlag(hidden, 'hasdelivery', true);
    expect([on.hasdelivery, on.options.hide_restaurant, on.options.hidden_service_flags]).toEqual([true, false, null]);
    expect(setServiceFlag(hidden, 'hasdelivery', false).options.hide_restaurant).toBe(true);
  });
  it('enables the auto cut-off time only for collect and noshow', () => {
    const r = complete();
    expect(autoCutoffEnabled(r)).toBe(false);
    expect(autoCutoffEnabled({ ...r, options: { ...r.options, auto_status: 'collect' } })).toBe(true);
  });
  it('splits editor slots into app and kiosk lists and merges them back', () => {
    const slots = [
      {
        start: '08:00',
        end: '11:00',
        cart_option_id: '',
        days: ['monday' as const],
        channels: ['app' as const, 'kiosk' as const],
      },
      { start: '12:00', end: '15:00', cart_option_id: '', days: ['monday' as const], channels: ['kiosk' as const] },
    ];
    const split = splitSlotsByChannel(slots);
    expect(split.timings_extras).toHaveLength(1);
    expect(split.kiosk_timings_extras).toHaveLength(2);
    expect(mergeSlotsByChannel(split.timings_extras, split.kiosk_timings_extras)).toEqual(slots);
  });
});

describe('permission-labelled fields (spec 001 §6)', () => {
  it('locks the labelled fields a non-admin does not hold, and names the changes a save would make to them', async () => {
    const { lockedRestaurantFields, refusedRestaurantChanges } = await import('./field-permissions.js');
    const editor = { admin: false, permissions: ['fssai_no', 'thumbnail'] };
    expect(lockedRestaurantFields(editor)).toEqual([
      'admin_mailids',
      'confirmation_message_dinein',
      'rest_na_message',
      'configured_session',
    ]);
    expect(lockedRestaurantFields({ admin: true, permissions: [] })).toEqual([]);
    const before = {
      fssai_no: '1',
      admin_mailids: 'a@x.test',
      thumbnail: 't.jpg',
      confirmation_message_dinein: 'Thanks',
      rest_na_message: 'Closed',
      configured_session: 'Lunch',
    };
    expect(refusedRestaurantChanges(before, { ...before, fssai_no: '2', rest_na_message: 'Shut' }, editor)).toEqual([
      'rest_na_message',
    ]);
  });
});
