import { z } from 'zod';
import { money, quantity } from '../numbers.js';
import { MENU_DATE_RE, MENU_LIMITS, MENU_TIME_RE, VEG_FLAGS, MENU_WEEKDAYS } from './constants.js';

/** Menu item (food item) fields of spec 001 §3.5 and the bulk-edit fields of spec 000 §3. */

const text = (max = 500) => z.string().trim().max(max).default('');
const time = z.string().regex(MENU_TIME_RE, 'Enter a time as HH:mm');
/** Money fields (price, subsidy, delivery charges): core's bounds, numeric(12,3) on the server. */
const nonNegative = money();

export const nutritionRowSchema = z.object({
  name: z.string().trim().min(1, 'editMenu.nutritionNameRequired').max(60),
  quantity: z.string().trim().max(30).default(''),
  calories: z.string().trim().max(30).default(''),
  dailyValue: z.string().trim().max(30).default(''),
});
export type NutritionRow = z.infer<typeof nutritionRowSchema>;

export const prepTimeRangeSchema = z.object({
  starttime: time,
  endtime: time,
  preptime: z
    .number()
    .int('editMenu.alerts.validTime')
    .min(MENU_LIMITS.prepTimeMin, 'editMenu.alerts.validTime')
    .max(MENU_LIMITS.prepTimeMax, 'editMenu.alerts.validTime'),
  preptimelabel: z.string().trim().max(40).default(''),
});
export type PrepTimeRange = z.infer<typeof prepTimeRangeSchema>;

export const timeRangeSchema = z.object({ starttime: time, endtime: time });
export type TimeRange = z.infer<typeof timeRangeSchema>;

export const ingredientSectionSchema = z.object({
  header: z.string().trim().max(80).default(''),
  values: z
    .array(z.object({ name: z.string().trim().min(1).max(80), vegflag: z.enum(VEG_FLAGS).default('V') }))
    .max(100)
    .default([]),
});
export type IngredientSection = z.infer<typeof ingredientSectionSchema>;

export const daysAvailableSchema = z.object(
  Object.fromEntries(MENU_WEEKDAYS.map((d) => [d, z.boolean().default(true)])) as Record<
    (typeof MENU_WEEKDAYS)[number],
    z.ZodDefault<z.ZodBoolean>
  >,
);
export type DaysAvailable = z.infer<typeof daysAvailableSchema>;
export const ALL_DAYS: DaysAvailable = Object.fromEntries(MENU_WEEKDAYS.map((d) => [d, true])) as DaysAvailable;

export const itemExtrasSchema = z.object({
  enable_as_submenu: z.boolean().default(false),
  enable_as_mealdeal: z.boolean().default(false),
  enable_as_mainitem: z.boolean().default(true),
});
export type ItemExtras = z.infer<typeof itemExtrasSchema>;

/** The fields unit managers may lock (spec 001 §6). */
export const LOCKABLE_FIELDS = ['price', 'hide_item', 'daysanddateavailable'] as const;
export type LockableField = (typeof LOCKABLE_FIELDS)[number];

/**
 * Everything an item carries besides its identity. Columns on the server: foodname, price,
 * listofcategories, vegflag, hide_item, extras, imageurl, submenu, locked_field; the rest is JSON.
 */
export const foodItemFieldsSchema = z.object({
  foodname: z.string().trim().min(1, 'editMenu.emptyFoodname').max(MENU_LIMITS.nameMax),
  price: nonNegative.default(0),
  listofcategories: z.array(z.string().trim().min(1).max(80)).max(50).default([]),
  vegflag: z.enum(VEG_FLAGS).default('V'),
  hide_item: z.boolean().default(false),
  extras: itemExtrasSchema.default({ enable_as_submenu: false, enable_as_mealdeal: false, enable_as_mainitem: true }),
  /** Submenu ids attached to the item (the submenu box). */
  submenu: z.array(z.string().min(1).max(80)).max(100).default([]),
  locked_field: z.array(z.enum(LOCKABLE_FIELDS)).default([]),

  imageurl: text(1000),
  imagesource: text(40),
  imagename: text(200),
  short_name: text(60),
  fooddescription: text(1000),
  shortdescription: text(300),
  food_info_link: text(500),
  subsidyamount: nonNegative.default(0),
  mrp_item: z.boolean().default(false),
  mrp_quantity_trigger: quantity().default(0),
  taxation: text(60),
  hsn_code: text(30),
  article_number: text(40),
  barcode: text(60),
  vendorname: text(120),
  offertext: text(200),
  cuisine: text(60),
  dietarynote: text(300),
  calories: nonNegative.optional(),
  individual_quantity: quantity().optional(),
  itemsincontainer: quantity().optional(),
  deliverycharges: nonNegative.optional(),
  /** Serving temperature in °C: the one number that may be negative. */
  temperature: z.number().finite().optional(),
  preorder_push_minutes: quantity().optional(),
  /** Letters, digits and spaces only (spec 001 §5.2). */
  reporting_filter2: z
    .string()
    .max(60)
    .regex(/^[A-Za-z0-9 ]*$/, 'editMenu.invalidReportingFilter')
    .default(''),
  foodquality: text(60),
  tasteflag: text(60),
  item_availability: text(60),
  menudisplay: z.boolean().default(true),
  hasdelivery: z.boolean().default(false),
  onlyforpos: z.boolean().default(false),
  is_beverage: z.boolean().default(false),
  is_hot_food: z.boolean().default(false),
  enable_subscription: z.boolean().default(false),
  session_list: z.array(z.enum(['Breakfast', 'Lunch', 'Snacks', 'Dinner', 'Allday'])).default([]),

  allergens: z
    .array(z.string().regex(/^[A-Z]{2,4}$/))
    .max(30)
    .default([]),
  dietary_info: text(60),
  special_diet: text(60),
  food_texture: text(60),
  artificialSubstance: z.array(z.string().trim().min(1).max(60)).max(30).default([]),
  nutrition: z.array(nutritionRowSchema).max(40).default([]),
  nutrients_order: z.array(z.string().max(60)).max(40).default([]),
  ingredients: z.array(ingredientSectionSchema).max(30).default([]),
  app_preptime_array: z.array(prepTimeRangeSchema).max(48).default([]),
  /** Multi time range; default 00:00–23:59. */
  servingtime: z
    .array(timeRangeSchema)
    .max(24)
    .default([{ starttime: '00:00', endtime: '23:59' }]),
  daysavailable: daysAvailableSchema.default(ALL_DAYS),
  datesavailable: z
    .array(z.string().regex(MENU_DATE_RE, 'Use dd-MM-yyyy'))
    .max(MENU_LIMITS.dateLimit, 'editMenu.formFieldLabels.dateLimitExceededError')
    .default([]),
  itemcolor: z
    .string()
    .regex(/^(#[0-9A-Fa-f]{6})?$/, 'Enter a colour as #RRGGBB')
    .default(''),
  tags: z.array(z.string().trim().min(1).max(40)).max(30).default([]),
});
export type FoodItemFields = z.infer<typeof foodItemFieldsSchema>;
export type FoodItemInput = z.input<typeof foodItemFieldsSchema>;

/** A menu item as the API answers it. */
export type FoodItem = FoodItemFields & {
  foodid: string;
  restaurant: string;
  version: number;
  updated_at: string;
  updated_by: string | null;
};

/** The row of the editor's item list (GET /v2/bck/vendor/fooditem?restaurant=): what the list shows. */
export type FoodItemSummary = {
  foodid: string;
  foodname: string;
  short_name: string;
  price: number;
  listofcategories: string[];
  vegflag: (typeof VEG_FLAGS)[number];
  hide_item: boolean;
  imageurl: string;
  extras: ItemExtras;
  submenu: string[];
  version: number;
  /** Price-book price for the restaurant's price-book path, when it has one (spec 001 §6). */
  pricebook_price?: number | null;
  /** Sold on no weekday and no date: it cannot be ordered on any day (isUnavailable). */
  unavailable: boolean;
  /** Tracked stock at or below zero (inventory, issue 20). */
  sold_out?: boolean;
  /** Off sale until this time (snooze, issue 20); null when on sale. */
  snoozed_until?: string | null;
};

/** Kinds of edit widget (spec 001 §2.3). Anything else shows editMenu.cannotParseField. */
export const MENU_FIELD_TYPES = [
  'text',
  'number',
  'integer',
  'currency',
  'multi_time_range',
  'preptime_range',
  'select',
  'radio',
  'checkbox',
  'checkbox_group',
  'day_checkboxes',
  'ingredients',
  'nutrition',
  'submenu',
  'calendar_dates',
  'image',
  'colour',
  'tags',
  'days_and_dates',
  'textarea',
] as const;
export type MenuFieldType = (typeof MENU_FIELD_TYPES)[number];

export type MenuFieldDef = {
  /** The item field it edits; for extras flags `extras.<flag>`. */
  key: string;
  label: string;
  /** Any string so a client's configured field list can name a type this build does not know. */
  type: MenuFieldType | (string & {});
  section: 'basics' | 'availability' | 'details' | 'dietary' | 'nutrition' | 'submenus';
  required?: boolean;
  /** Options of selects, radios and checkbox groups; `list:<name>` takes them from list_name_map. */
  options?: readonly string[] | `list:${string}`;
  /** Shown only when the user holds this fine permission (spec 001 §6). */
  permission?: string;
  /** Numbers: negatives allowed (temperature). */
  allowNegative?: boolean;
  /** Checkbox groups: at most this many (applies when above 0). */
  maxSelection?: number;
  /** Unchecking first asks POST /v2/bck/fooditem_submenu_attachment (spec 001 §4.2). */
  submenuAttachmentCheck?: boolean;
  /** Unit managers can lock this field (spec 001 §6). */
  lockable?: LockableField;
};

/** The item editor's fields, in order. */
export const MENU_ITEM_FIELDS: readonly MenuFieldDef[] = [
  { key: 'foodname', label: 'Item name', type: 'text', section: 'basics', required: true },
  { key: 'short_name', label: 'Short name', type: 'text', section: 'basics' },
  { key: 'price', label: 'Price', type: 'currency', section: 'basics', permission: 'price', lockable: 'price' },
  {
    key: 'listofcategories',
    label: 'Categories',
    type: 'checkbox_group',
    section: 'basics',
    options: 'list:categories',
  },
  { key: 'vegflag', label: 'Food type', type: 'radio', section: 'basics', options: ['V', 'E', 'N'] },
  { key: 'imageurl', label: 'Item image', type: 'image', section: 'basics' },
  { key: 'itemcolor', label: 'Colour', type: 'colour', section: 'basics' },
  { key: 'tags', label: 'Tags', type: 'tags', section: 'basics' },
  { key: 'fooddescription', label: 'Description', type: 'textarea', section: 'basics' },
  { key: 'hide_item', label: 'Hide item', type: 'checkbox', section: 'availability', lockable: 'hide_item' },
  {
    key: 'daysanddates',
    label: 'Days and dates available',
    type: 'days_and_dates',
    section: 'availability',
    lockable: 'daysanddateavailable',
  },
  {
    key: 'daysavailable',
    label: 'Days available',
    type: 'day_checkboxes',
    section: 'availability',
    permission: 'daysavailable',
  },
  {
    key: 'datesavailable',
    label: 'Available dates',
    type: 'calendar_dates',
    section: 'availability',
    permission: 'available_dates',
  },
  { key: 'servingtime', label: 'Serving time', type: 'multi_time_range', section: 'availability' },
  { key: 'app_preptime_array', label: 'Preparation time', type: 'preptime_range', section: 'availability' },
  {
    key: 'session_list',
    label: 'Sessions',
    type: 'checkbox_group',
    section: 'availability',
    options: ['Breakfast', 'Lunch', 'Snacks', 'Dinner', 'Allday'],
  },
  { key: 'preorder_push_minutes', label: 'Pre-order push (minutes)', type: 'integer', section: 'availability' },
  { key: 'taxation', label: 'Taxation', type: 'text', section: 'details', permission: 'taxation' },
  { key: 'hsn_code', label: 'HSN code', type: 'text', section: 'details', permission: 'hsn_code' },
  { key: 'barcode', label: 'Barcode', type: 'text', section: 'details', permission: 'barcode' },
  { key: 'article_number', label: 'Article number', type: 'text', section: 'details' },
  { key: 'subsidyamount', label: 'Subsidy amount', type: 'currency', section: 'details' },
  { key: 'temperature', label: 'Serving temperature (°C)', type: 'number', section: 'details', allowNegative: true },
  { key: 'reporting_filter2', label: 'Reporting filter', type: 'text', section: 'details' },
  {
    key: 'extras.enable_as_submenu',
    label: 'Enable as submenu',
    type: 'checkbox',
    section: 'details',
    submenuAttachmentCheck: true,
  },
  { key: 'extras.enable_as_mealdeal', label: 'Enable as meal deal', type: 'checkbox', section: 'details' },
  { key: 'extras.enable_as_mainitem', label: 'Enable as main item', type: 'checkbox', section: 'details' },
  { key: 'allergens', label: 'Allergens', type: 'checkbox_group', section: 'dietary', options: 'list:allergens' },
  {
    key: 'dietary_info',
    label: 'Dietary info',
    type: 'select',
    section: 'dietary',
    options: 'list:dietary_info',
    permission: 'dietary_info',
  },
  {
    key: 'special_diet',
    label: 'Special diet',
    type: 'select',
    section: 'dietary',
    options: 'list:special_diet',
    permission: 'special_diet',
  },
  {
    key: 'food_texture',
    label: 'Food texture',
    type: 'select',
    section: 'dietary',
    options: 'list:food_texture',
    permission: 'food_texture',
  },
  {
    key: 'artificialSubstance',
    label: 'Artificial substances',
    type: 'checkbox_group',
    section: 'dietary',
    options: 'list:artificialSubstance',
  },
  { key: 'ingredients', label: 'Ingredients', type: 'ingredients', section: 'dietary' },
  { key: 'calories', label: 'Calories', type: 'number', section: 'nutrition' },
  { key: 'nutrition', label: 'Nutrition', type: 'nutrition', section: 'nutrition' },
  { key: 'submenu', label: 'Submenus', type: 'submenu', section: 'submenus' },
];
