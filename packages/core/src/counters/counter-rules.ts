import { z } from 'zod';

/**
 * Counters and devices (issue 16; spec 000 §3, §4): counter templates and counters, devices with licences that
 * move through Created → Pending → Enabled ⇄ Disabled, pairing by a short-lived code, cashiers with PINs. The
 * rules the API enforces and the pages show, defined once.
 */

/** Device types and their numeric codes (spec 000 §3). */
export const DEVICE_TYPES = [
  { type: 'POS_windows', code: 0 },
  { type: 'POS_android', code: 0 },
  { type: 'Kiosk_windows', code: 1 },
  { type: 'Kiosk_android', code: 1 },
  { type: 'Registration', code: 2 },
  { type: 'TDS', code: 3 },
  { type: 'IMD', code: 4 },
  { type: 'KDS', code: 5 },
  { type: 'OAT/ORT', code: 302 },
  { type: 'ORT-WEB', code: 401 },
  { type: 'Web KMS', code: 401 },
] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number]['type'];
export const DEVICE_TYPE_NAMES = DEVICE_TYPES.map((d) => d.type) as [DeviceType, ...DeviceType[]];
export const deviceCode = (type: DeviceType) => DEVICE_TYPES.find((d) => d.type === type)!.code;

/** Device licence status (spec 000 §4): 0 Created, 1 Pending, 2 Enabled, 3 Disabled. */
export const LICENCE_STATUS = { created: 0, pending: 1, enabled: 2, disabled: 3 } as const;
export type LicenceStatus = (typeof LICENCE_STATUS)[keyof typeof LICENCE_STATUS];
export const LICENCE_STATUS_NAMES: Record<LicenceStatus, string> = {
  0: 'Created',
  1: 'Pending',
  2: 'Enabled',
  3: 'Disabled',
};

/** What changes a licence: the spec's two actions, the device pairing itself, and revoking (back to the start). */
export const LICENCE_ACTIONS = ['license_activate', 'license_deactivate', 'pair', 'revoke'] as const;
export type LicenceAction = (typeof LICENCE_ACTIONS)[number];

/**
 * The transitions (the spec leaves them open; these are ours):
 *   Created  --license_activate-->   Pending   (a pairing code is issued for the device to type)
 *   Pending  --pair-->               Enabled   (the device typed the code in time; it gets its token)
 *   Pending  --license_deactivate--> Created   (the code is withdrawn)
 *   Enabled  --license_deactivate--> Disabled  (the device is refused until enabled again)
 *   Disabled --license_activate-->   Enabled   (its token works again)
 *   any but Created --revoke-->      Created   (the token is revoked; the device must pair again)
 */
const TRANSITIONS: Record<LicenceAction, Partial<Record<LicenceStatus, LicenceStatus>>> = {
  license_activate: { 0: 1, 3: 2 },
  license_deactivate: { 1: 0, 2: 3 },
  pair: { 1: 2 },
  revoke: { 1: 0, 2: 0, 3: 0 },
};

/** The status a licence moves to by an action, or null when the action is not allowed from where it is. */
export function nextLicenceStatus(from: LicenceStatus, action: LicenceAction): LicenceStatus | null {
  return TRANSITIONS[action][from] ?? null;
}

/** The actions a person may take from a status (pairing is the device's). */
export function licenceActionsFrom(from: LicenceStatus): LicenceAction[] {
  return LICENCE_ACTIONS.filter((a) => a !== 'pair' && nextLicenceStatus(from, a) !== null);
}

/**
 * A device licence's details (spec 000 §4: get_details_licence / put_details_licence; the spec names the actions,
 * not the fields — see docs/decisions.md): what the site records about the licence and the hardware it is on.
 * Read and written by a person on the counter page; the pairing code and token stay apart and are never shown.
 */
export const licenceDetailsSchema = z.object({
  licence_key: z.string().trim().max(100).default(''),
  serial_number: z.string().trim().max(100).default(''),
  device_model: z.string().trim().max(100).default(''),
  valid_until: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD')
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, 'Enter a real date')
    .nullable()
    .default(null),
  notes: z.string().trim().max(1000).default(''),
});
export type LicenceDetails = z.infer<typeof licenceDetailsSchema>;

/** Pairing codes: 8 characters a person can type (no 0/O, 1/I/L), valid 15 minutes, used once. */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 8;
export const PAIRING_CODE_TTL_MS = 15 * 60_000;
/** A device is online while its last heartbeat is at most this old. */
export const DEVICE_ONLINE_MS = 30_000;
export const HEARTBEAT_INTERVAL_MS = 10_000;

export function isOnline(lastSeenAt: string | null, now: number): boolean {
  return lastSeenAt !== null && now - Date.parse(lastSeenAt) <= DEVICE_ONLINE_MS;
}

/** Counter modes (spec 000 §3): Default (na), Live Counter (true), Buffet (false). */
export const COUNTER_MODES = [
  { value: 'na', label: 'Default' },
  { value: 'true', label: 'Live Counter' },
  { value: 'false', label: 'Buffet' },
] as const;
export const COUNTER_MODE_VALUES = ['na', 'true', 'false'] as const;
export const OPTION_TYPES = ['slotbooking', 'tablebooking', 'collectionpoint'] as const;
export const CUSTOM_INPUT_TYPES = ['dropdown', 'radio', 'checkbox', 'autosuggestdropdown', 'text'] as const;
export const CLOUD_CARD_OPTIONS = ['none', 'cloudcard_app_linked_sites', 'ecash_linked_sites'] as const;
export const COUNTER_CHANNELS = ['app', 'kiosk', 'pos', 'web'] as const;
export const COUNTER_TYPES = ['food', 'beverage', 'dessert', 'express', 'collection'] as const;
export type CounterType = (typeof COUNTER_TYPES)[number];
/** The counter types with their names (spec 000 §7: the counter-type call answers them). */
export const COUNTER_TYPE_NAMES: Record<CounterType, string> = {
  food: 'Food',
  beverage: 'Beverage',
  dessert: 'Dessert',
  express: 'Express',
  collection: 'Collection',
};

const customInput = z
  .object({
    label: z.string().trim().min(1, 'Give the input a label').max(60),
    type: z.enum(CUSTOM_INPUT_TYPES),
    options: z.array(z.string().trim().min(1).max(60)).max(50).default([]),
    required: z.boolean().default(false),
  })
  .superRefine((input, ctx) => {
    const needsOptions = input.type !== 'text';
    if (needsOptions && input.options.length === 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'A choice input needs at least one option' });
    if (!needsOptions && input.options.length > 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'A text input has no options' });
  });

/** The settings a template gives its counters (and a counter holds). */
export const counterSettingsSchema = z.object({
  mode: z.enum(COUNTER_MODE_VALUES).default('na'),
  option_types: z.array(z.enum(OPTION_TYPES)).max(OPTION_TYPES.length).default([]),
  custom_inputs: z.array(customInput).max(20).default([]),
  cloud_card: z.enum(CLOUD_CARD_OPTIONS).default('none'),
  channels: z.array(z.enum(COUNTER_CHANNELS)).max(COUNTER_CHANNELS.length).default(['app', 'kiosk']),
});
export type CounterSettings = z.infer<typeof counterSettingsSchema>;

/** The settings on which a counter differs from a template (their names), for the sync preview. */
export function settingsDiff(template: CounterSettings, counter: CounterSettings): (keyof CounterSettings)[] {
  const keys = Object.keys(counterSettingsSchema.shape) as (keyof CounterSettings)[];
  const norm = (v: unknown) =>
    JSON.stringify(Array.isArray(v) && v.every((x) => typeof x === 'string') ? [...v].sort() : v);
  return keys.filter((k) => norm(template[k]) !== norm(counter[k]));
}

/** A counter's service flags: what its customers can do there (spec 001 §4.1: hiding saves and clears them). */
export const COUNTER_SERVICE_FLAGS = ['dine_in', 'takeaway', 'delivery', 'preorder'] as const;
export type CounterServiceFlags = Record<(typeof COUNTER_SERVICE_FLAGS)[number], boolean>;
export const counterServiceFlagsSchema = z.object(
  Object.fromEntries(COUNTER_SERVICE_FLAGS.map((f) => [f, z.boolean().default(f !== 'delivery')])) as Record<
    (typeof COUNTER_SERVICE_FLAGS)[number],
    z.ZodDefault<z.ZodBoolean>
  >,
);

const ALL_OFF = Object.fromEntries(COUNTER_SERVICE_FLAGS.map((f) => [f, false])) as CounterServiceFlags;

/**
 * Hiding a counter saves its service flags and clears them; unhiding restores what was saved (spec 001 §4.1).
 * Hiding a hidden counter or unhiding a shown one changes nothing.
 */
export function setCounterHidden(
  counter: { hidden: boolean; flags: CounterServiceFlags; saved_flags: CounterServiceFlags | null },
  hidden: boolean,
): { hidden: boolean; flags: CounterServiceFlags; saved_flags: CounterServiceFlags | null } {
  if (hidden === counter.hidden) return counter;
  if (hidden) return { hidden: true, flags: { ...ALL_OFF }, saved_flags: { ...counter.flags } };
  return { hidden: false, flags: { ...(counter.saved_flags ?? counter.flags) }, saved_flags: null };
}

/** Cashier PINs: 4 to 6 digits, not all the same digit nor a straight run. */
export const CASHIER_PIN_RULE = 'Use 4 to 6 digits, not all the same and not a run like 1234';
export function isAcceptablePin(pin: string): boolean {
  if (!/^\d{4,6}$/.test(pin)) return false;
  if (/^(\d)\1+$/.test(pin)) return false;
  const digits = [...pin].map(Number);
  const step = digits[1]! - digits[0]!;
  return !(Math.abs(step) === 1 && digits.every((d, i) => i === 0 || d - digits[i - 1]! === step));
}
/** Wrong PINs in a row that lock a cashier, and for how long. */
export const CASHIER_LOCK_AFTER = 5;
export const CASHIER_LOCK_MS = 15 * 60_000;

/** What QR codes point at: tables, counters and collection points (spec 000 §3 option types). */
export const QR_TARGET_TYPES = ['table', 'counter', 'collectionpoint'] as const;
export type QrTargetType = (typeof QR_TARGET_TYPES)[number];
/** A code's target type for people (the print sheet); the web app's strings (qrCodes.type) say the same. */
export const QR_TARGET_TYPE_LABELS: Record<QrTargetType, string> = {
  table: 'Table',
  counter: 'Counter',
  collectionpoint: 'Collection point',
};
