import { z } from 'zod';
import { restaurantOptionsSchema } from './options.js';

/** Restaurant form fields of spec 001 §3.1, with their defaults. */

export const RESTAURANT_STATUS = ['active', 'inactive', 'demo', 'closed'] as const;
export const RESTAURANT_TYPE = ['cnc_regular', 'cnc_popup', 'mis', 'subsidy'] as const;
/** For this client the status and type fields are hidden (and not required). */
export const CLIENT_WITHOUT_STATUS = 'smartq';
export const DEFAULT_THUMBNAIL = 'logos/comingsoon.jpg';

const text = (max = 500) => z.string().trim().max(max).default('');
const flag = (value = false) => z.boolean().default(value);
const minutes = z.number().int().min(0);
const hexColour = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'Enter a colour as #RRGGBB');

/** The flow flags that hide_restaurant switches off and restores (spec 001 §3.2). */
export const SERVICE_FLAGS = [
  'hasdinein',
  'hasdelivery',
  'isbuffet',
  'preorder',
  'event_enabled',
  'take_away_enabled',
  'enable_subscription',
  'multiple_preorder',
  'cafe_pass_enabled',
] as const;
export type ServiceFlag = (typeof SERVICE_FLAGS)[number];

export const FEATURE_SWITCHES = [
  'hide_i_intend_to',
  'hide_order_served_button',
  'hidePaymentMode',
  'hidePrice',
  'hide_share',
  'hide_rating',
  'hide_comment',
  'hide_like',
  'hidenotetokitchen',
  'hide_Date',
  'menu_view_only',
  'hide_nutritional_info',
  'hide_allergens_details',
  'hide_health_tag',
  'hide_extra_info_details',
  'addfoodinfo',
  'hide_credits_tax',
  'drs_collection',
  'enable_order_cancel',
] as const;

export const restaurantFieldsSchema = z.object({
  // Identity
  restid: z.string().trim().toLowerCase().max(60),
  name: z.string().trim().max(120),
  client: z.string().max(60).default(''),
  vendorname: text(120),
  aggregatorname: text(120),
  business_unit: text(60),
  sitecode: text(60),
  currency: z.string().max(10).default(''),
  restaurant_wise_order_capacity: z.number().int().min(0).default(0),
  fssai_no: text(40),
  secondary_foodcourt: z.string().max(100).default('none'),
  gstin: text(20),
  configured_session: text(100),
  description: text(2000),
  rest_na_message: text(500),
  cuisines: text(300),
  extradetails: text(2000),
  info_link: text(500),
  admin_mailids: text(1000),
  /**
   * The restaurant's address (issue 36): street and city, state or region, postal code. For a restaurant in India
   * (billing in rupees, as for the GSTIN) the state is one of core's INDIAN_STATES_AND_UNION_TERRITORIES.
   */
  address: text(300),
  state: text(60),
  pincode: text(12),
  status: z.enum(RESTAURANT_STATUS).or(z.literal('')).default(''),
  type: z.enum(RESTAURANT_TYPE).or(z.literal('')).default(''),
  // Menu
  veg: z.literal(true).default(true),
  nonvegflag: flag(),
  /** V (veg only) or B (both), derived from nonvegflag. */
  vegflag: z.enum(['V', 'B']).default('V'),
  thumbnail: z.string().max(1000).default(DEFAULT_THUMBNAIL),
  pricebook_path: z.string().max(100).default('none'),
  matrix_outletid: text(100),
  partner_id: text(100),
  /** Spec 001 §3.1: partner_id is mirrored here for the matrix integration (the server keeps them equal). */
  matrix_integration: z.looseObject({ partner_id: text(100) }).default({ partner_id: '' }),
  jwo_store_id: text(100),
  // Flows
  hasdinein: flag(true),
  dinein_flow: text(100),
  confirmation_message_dinein: text(500),
  hasdelivery: flag(),
  delivery_flow: text(100),
  preorder: flag(),
  preorder_flow: text(100),
  pre_order_restrict_before_min: minutes.default(0),
  take_away_enabled: flag(),
  takeaway_flow: text(100),
  cafe_pass_enabled: flag(),
  cafe_pass_flow: text(100),
  enable_subscription: flag(),
  subscription_flow: text(100),
  subscription_modification_deadline: minutes.default(0),
  isbuffet: flag(),
  multiple_preorder: flag(),
  multiple_preorder_flow: text(100),
  event_enabled: flag(),
  event_flow: text(100),
  isimportant: flag(),
  // Delivery
  delivery: flag(),
  minimumdeliveryamount: z.number().min(0).default(100),
  deliveredin: minutes.default(60),
  phonenumber: text(20),
  del_conveniencefee: z.number().min(0).default(0),
  del_isconveniencefeepercentage: flag(),
  del_disc_percent: z.number().min(0).max(100).default(0),
  del_disc_capping: z.number().min(0).default(0),
  delservingtime: z.string().max(20).default('10:00-21:00'),
  confirmation_message_delivery: text(500),
  del_rest_na_message: text(500),
  del_sploffer_text: text(200),
  del_sploffer_text_full: text(500),
  deliveredby: text(100),
  delivery_informant_number: text(20),
  // Feature switches (drs_collection defaults on)
  ...(Object.fromEntries(FEATURE_SWITCHES.map((k) => [k, flag(k === 'drs_collection')])) as Record<
    (typeof FEATURE_SWITCHES)[number],
    z.ZodDefault<z.ZodBoolean>
  >),
  // Item count display
  item_count_show: flag(),
  item_count_colour: hexColour.default('#209139'),
  item_count_threshold_colour: hexColour.default('#C62929'),
  item_count_threshold: z.number().int().min(0).default(0),
  item_count_font_size: z.number().int().min(6).max(48).default(12),
  // Options (stored with the rest_ prefix)
  options: restaurantOptionsSchema.default(restaurantOptionsSchema.parse({})),
});

export type RestaurantFields = z.infer<typeof restaurantFieldsSchema>;
export type RestaurantFieldsInput = z.input<typeof restaurantFieldsSchema>;

/** A new restaurant's values: every default of spec 001 §3.1, §3.2 and §9. */
export function newRestaurantDefaults(): RestaurantFields {
  return restaurantFieldsSchema.parse({ restid: '', name: '' });
}

/** uniqueid = food court id, colon, restid (spec 000 §3, 001 §3.1). */
/** The record as stored: matrix_integration.partner_id follows partner_id (spec 001 §3.1). */
export function withMatrixMirror<T extends Pick<RestaurantFields, 'partner_id' | 'matrix_integration'>>(fields: T): T {
  return { ...fields, matrix_integration: { ...fields.matrix_integration, partner_id: fields.partner_id } };
}

export function restaurantUniqueId(foodcourt: string, restid: string): string {
  return `${foodcourt}:${restid.toLowerCase()}`;
}

/** Cancel threshold = days*1440 + hours*60 + minutes; no part may be negative (spec 001 §5.1). */
export function cancelThresholdMinutes(parts: { days: number; hours: number; minutes: number }): number | null {
  const { days, hours, minutes: mins } = parts;
  if ([days, hours, mins].some((n) => !Number.isFinite(n) || n < 0)) return null;
  return Math.floor(days) * 1440 + Math.floor(hours) * 60 + Math.floor(mins);
}

export function splitCancelThreshold(total: number): { days: number; hours: number; minutes: number } {
  const t = Math.max(0, Math.floor(total));
  return { days: Math.floor(t / 1440), hours: Math.floor((t % 1440) / 60), minutes: t % 60 };
}
