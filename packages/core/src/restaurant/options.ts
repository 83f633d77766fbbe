import { z } from 'zod';

/** Restaurant option keys of spec 001 §3.2. Stored in the settings JSON with the `rest_` prefix. */

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const CHANNELS = ['app', 'kiosk'] as const;
export const PARCEL_MODES = ['dinein', 'takeaway', 'delivery'] as const;
export const AUTO_STATUS = ['default', 'disabled', 'collect', 'noshow'] as const;
export const ORDER_ACCEPTING = ['default', 'disable', 'enable'] as const;
export const ORDER_PUSH_TYPES = [1, 2, 3] as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const timeOfDay = z.string().regex(HHMM, 'Enter a time as HH:mm');
const DDMMYYYY = /^(0[1-9]|[12]\d|3[01])-(0[1-9]|1[0-2])-\d{4}$/;
export const ddmmyyyy = z.string().regex(DDMMYYYY, 'Enter a date as dd-mm-yyyy');

const money = z.number().min(0, 'Cannot be negative');

/** One row of the dynamic convenience fee (spec 001 §3.2). */
export const convenienceFeeRow = z.object({
  min: money,
  max: money,
  convenience_fee: money,
  ispercentage: z.boolean().default(false),
  days: z.array(z.enum(WEEKDAYS)).default([]),
  dates: z.array(ddmmyyyy).default([]),
});
export type ConvenienceFeeRow = z.infer<typeof convenienceFeeRow>;

/** A serving-time slot (spec 001 §3.3); app slots live in timings_extras, kiosk slots in kiosk_timings_extras. */
export const servingSlot = z.object({
  start: timeOfDay,
  end: timeOfDay,
  cart_option_id: z.string().max(100).default(''),
  days: z.array(z.enum(WEEKDAYS)).default([...WEEKDAYS]),
});
export type ServingSlot = z.infer<typeof servingSlot>;

export const sessionEntry = z.object({
  session: z.string().min(1).max(50),
  start_time: timeOfDay,
  end_time: timeOfDay,
});

/** The JSON blobs whose inner shape the spec does not show: any JSON object, validated as such. */
export const jsonObject = z.record(z.string(), z.unknown());

export const restaurantOptionsSchema = z.object({
  // Order and terminal
  cancel_order_threshold: z.number().int().min(0).default(0),
  order_push_type: z.array(z.union([z.literal(1), z.literal(2), z.literal(3)])).default([1, 2, 3]),
  enable_order_accepting: z.enum(ORDER_ACCEPTING).default('default'),
  pre_order_push_before_min: z.number().int().min(0).default(20),
  auto_status: z.enum(AUTO_STATUS).default('default'),
  auto_cutoff_time: z.number().int().min(0).default(180),
  carryforward_stock: z.boolean().default(false),
  nullify_stock: z.boolean().default(false),
  firebase_enabled: z.boolean().default(false),
  auto_done_status: z.boolean().default(false),
  oat_enabled: z.boolean().default(false),
  mrpenabled: z.boolean().default(false),
  pos_restaurant: z.boolean().default(false),
  autodayend: z.boolean().default(false),
  // Pricing
  sodexomid: z.string().max(100).default(''),
  sodexotid: z.string().max(100).default(''),
  disc_percent: money.max(100).default(0),
  disc_capping: money.default(0),
  packingmarkup: money.default(0),
  menumarkup: money.default(0),
  cashback_percent: money.max(100).default(0),
  cashback_capping: money.default(0),
  cashback_everynth: z.number().int().min(0).default(0),
  poscashback_percent: money.max(100).default(0),
  poscashback_capping: money.default(0),
  conveniencefee: money.default(0),
  isconveniencefeepercentage: z.boolean().default(false),
  parcel_charges: z
    .object({ enabled: z.boolean().default(false), modes: z.array(z.enum(PARCEL_MODES)).default([]) })
    .default({ enabled: false, modes: [] }),
  dynamic_conveniencefee: z.array(convenienceFeeRow).max(50).default([]),
  // Tax
  price_include_taxes: z.boolean().default(true),
  display_pre_gst_amount: z.boolean().default(false),
  tax_free_credits: z.boolean().default(false),
  // Availability
  non_available_days: z.array(z.enum(WEEKDAYS)).default([]),
  non_available_days_msg: z.string().max(500).default(''),
  non_available_dates: z.array(ddmmyyyy).max(366).default([]),
  non_available_dates_msg: z.string().max(500).default(''),
  hide_restaurant: z.boolean().default(false),
  /** The service flags as they were when the restaurant was hidden, restored on unhide. */
  hidden_service_flags: z.record(z.string(), z.boolean()).nullable().default(null),
  // Serving
  genservingtime: z.string().max(20).default('08:00-21:00'),
  timings_extras: z.array(servingSlot).max(50).default([]),
  pos_timings_extras: z.array(servingSlot).max(50).default([]),
  kiosk_timings_extras: z.array(servingSlot).max(50).default([]),
  sessionlist: z.array(sessionEntry).max(20).default([]),
  billingstarttime: timeOfDay.default('06:00'),
  // Extra
  sploffer_text_full: z.string().max(500).default('N'),
  sploffer_text: z.string().max(200).default('N'),
  linked_menu_restaurants: z.array(z.string()).default([]),
  linked_submenu_restaurants: z.array(z.string()).default([]),
  // JSON blobs
  subscription_options: jsonObject.default({}),
  subflowids: jsonObject.default({}),
  labels: jsonObject.default({}),
  alertsAndNotifications: jsonObject.default({}),
  otherdetails: jsonObject.default({}),
});
export type RestaurantOptions = z.infer<typeof restaurantOptionsSchema>;

/** Settings keys carry the `rest_` prefix in storage and in the settings-update call (spec 001 §3.2). */
export const SETTINGS_PREFIX = 'rest_';

export function toSettingsKeys(options: Partial<RestaurantOptions>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(options).map(([k, v]) => [`${SETTINGS_PREFIX}${k}`, v]));
}

export function fromSettingsKeys(settings: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(settings)
      .filter(([k]) => k.startsWith(SETTINGS_PREFIX))
      .map(([k, v]) => [k.slice(SETTINGS_PREFIX.length), v]),
  );
}
