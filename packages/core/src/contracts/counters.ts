import { z } from 'zod';
import {
  CASHIER_PIN_RULE,
  COUNTER_TYPE_NAMES,
  COUNTER_TYPES,
  counterSettingsSchema,
  DEVICE_TYPE_NAMES,
  isAcceptablePin,
  LICENCE_ACTIONS,
  licenceDetailsSchema,
  PAIRING_CODE_LENGTH,
  QR_TARGET_TYPES,
  counterServiceFlagsSchema,
} from '../counters/counter-rules.js';
import { successEnvelope } from './envelope.js';
import { listAnswerSchema, listQuerySchema } from './list.js';

/**
 * Counters and devices (issue 16).
 *
 *   GET  /counter_template                      templates (page counterTemplate)
 *   POST /counter_template, PUT|DELETE /counter_template/:id      (version-checked)
 *   GET  /get_counter_template/:id              a template with the counters that use it and how each differs
 *   POST /sync_counter_template {template_id, counter_ids}         apply a template's settings to chosen counters
 *   GET  /get_counters?foodcourt=&restaurant=&type=&search=        counters (page counterManagement), paged
 *   POST /vendor/counter/filter {action: 'filter_counter', foodcourt: [...]}  the food-court counter filter
 *   POST /vendor/counter, PUT|DELETE /vendor/counter/:id           (version-checked; create may name a template)
 *   POST /vendor/counter/:id/hide {hidden, version}                hide (saves and clears the service flags) / unhide
 *   GET  /list_location_to_foodcourt_to_counter                    the site tree down to counters
 *   GET  /devices?counter=, POST /devices, DELETE /devices/:id     devices and their licences
 *   POST /devices/:id/licence {action, version}                    license_activate | license_deactivate | revoke
 *   POST /devices/:id/licence {action: 'get_details_licence'}      the licence's details (read)
 *   POST /devices/:id/licence {action: 'put_details_licence', details, version}   write them (version-checked)
 *   GET  /countertypes                         the counter types with their names (the spec's counter-type call)
 *   POST /device/pair {code}  ·  POST /device/heartbeat  ·  GET /device/config     the device's own calls
 *   GET|PUT /push_settings?foodcourt=, POST /push_settings/test {device_id}           page push-setting
 *   GET /qr_codes?foodcourt=, POST /qr_codes, GET /qr_codes/:id/image?format=png|svg,
 *   POST /qr_codes/print {ids} (PDF sheet), POST /qr_codes/zip {ids} (PNG and SVG)    page qrGeneration
 *   GET /q/:code (outside the API)            a printed code's signed short link: the ordering app's address
 */

const siteId = z.string().trim().min(1).max(200);
const name = (what: string) => z.string().trim().min(1, `Enter the ${what}`).max(100);
const meta = { sender: z.string().max(20).optional(), lang: z.string().max(10).optional() };
const version = z.number().int().min(1);

export const counterTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  settings: counterSettingsSchema,
  counters: z.number().int().meta({ description: 'Counters made from it' }),
  version: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type CounterTemplate = z.infer<typeof counterTemplateSchema>;
export const counterTemplateBody = z.object({
  name: name('template name'),
  settings: counterSettingsSchema,
  version: version.optional(),
  ...meta,
});
export const counterTemplatesAnswer = successEnvelope({ templates: z.array(counterTemplateSchema) });
export const counterTemplateAnswer = successEnvelope({ message: z.string(), template: counterTemplateSchema });

export const templateCountersAnswer = successEnvelope({
  template: counterTemplateSchema,
  counters: z.array(
    z.object({
      counter_id: z.number().int(),
      name: z.string(),
      foodcourt: z.string(),
      differs: z.array(z.string()).meta({ description: 'Settings on which the counter differs from the template' }),
      version: z.number().int(),
    }),
  ),
});
export const syncTemplateBody = z.object({
  template_id: z.number().int().min(1),
  counter_ids: z.array(z.number().int().min(1)).min(1, 'Choose the counters').max(1000),
  ...meta,
});

export const counterSchema = z.object({
  counter_id: z.number().int(),
  name: z.string(),
  foodcourt: z.string(),
  restaurant: z.string().nullable(),
  counter_type: z.enum(COUNTER_TYPES),
  template_id: z.number().int().nullable(),
  settings: counterSettingsSchema,
  flags: counterServiceFlagsSchema,
  hidden: z.boolean(),
  devices: z.number().int(),
  online: z.number().int().meta({ description: 'Devices seen in the last 30 s' }),
  version: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type Counter = z.infer<typeof counterSchema>;

/** A counter as the dashboards read it (GET /dashboard_data counter_management). */
export const dashboardCounterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  foodcourt: z.string(),
  foodcourt_name: z.string(),
  restaurant: z.string().nullable(),
  restaurant_name: z.string().nullable(),
  counter_type: z.enum(COUNTER_TYPES),
  hidden: z.boolean(),
});
export type DashboardCounter = z.infer<typeof dashboardCounterSchema>;

/** GET /countertypes: the counter types with their names, in core's order. */
export const counterTypesAnswer = successEnvelope({
  countertypes: z.array(z.object({ value: z.enum(COUNTER_TYPES), name: z.string() })),
});
export const counterTypeList = () => COUNTER_TYPES.map((value) => ({ value, name: COUNTER_TYPE_NAMES[value] }));

export const COUNTER_SORT = ['name', 'foodcourt', 'counter_type', 'updated_at'] as const;
export const counterListQuery = listQuerySchema(COUNTER_SORT, {
  foodcourt: siteId.optional(),
  restaurant: siteId.optional(),
  type: z.enum(COUNTER_TYPES).optional(),
});
export const counterListAnswer = listAnswerSchema('counters', counterSchema);

export const counterBody = z.object({
  name: name('counter name'),
  foodcourt: siteId,
  restaurant: siteId.nullable().default(null),
  counter_type: z.enum(COUNTER_TYPES).default('food'),
  template_id: z.number().int().min(1).nullable().default(null),
  settings: counterSettingsSchema.optional().meta({ description: "Default: the template's settings" }),
  flags: counterServiceFlagsSchema.default({ dine_in: true, takeaway: true, delivery: false, preorder: true }),
  version: version.optional(),
  ...meta,
});
export const counterAnswer = successEnvelope({ message: z.string(), counter: counterSchema });
export const counterHideBody = z.object({ hidden: z.boolean(), version, ...meta });
export const counterFilterBody = z.object({
  action: z.literal('filter_counter'),
  foodcourt: z.array(siteId).max(1000),
  ...meta,
});
export const counterFilterAnswer = successEnvelope({ counters: z.array(counterSchema) });

export const deviceSchema = z.object({
  device_id: z.number().int(),
  name: z.string(),
  device_type: z.enum(DEVICE_TYPE_NAMES),
  device_code: z.number().int(),
  counter_id: z.number().int(),
  licence_status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  pairing_expires_at: z.string().nullable(),
  paired_at: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  online: z.boolean(),
  app_version: z.string(),
  version: z.number().int(),
});
export type Device = z.infer<typeof deviceSchema>;
export const devicesAnswer = successEnvelope({ devices: z.array(deviceSchema) });
export const deviceBody = z.object({
  name: name('device name'),
  device_type: z.enum(DEVICE_TYPE_NAMES),
  counter_id: z.number().int().min(1),
  ...meta,
});
export const deviceAnswer = successEnvelope({
  message: z.string(),
  device: deviceSchema,
  pairing_code: z
    .string()
    .nullable()
    .meta({ description: 'license_activate from Created: the code to type on the device (shown once)' }),
});
/** The licence call: a transition (spec 000 §4 license_activate / license_deactivate, and revoke), or its details. */
export const licenceActionBody = z.discriminatedUnion('action', [
  z.object({
    action: z.enum(LICENCE_ACTIONS.filter((a) => a !== 'pair') as ['license_activate', 'license_deactivate', 'revoke']),
    version,
    ...meta,
  }),
  z.object({ action: z.literal('get_details_licence'), ...meta }),
  z.object({ action: z.literal('put_details_licence'), details: licenceDetailsSchema, version, ...meta }),
]);
export type LicenceActionBody = z.input<typeof licenceActionBody>;
/** What the licence call answers: the device, the pairing code when one was issued, and the licence's details. */
export const licenceAnswer = successEnvelope({
  message: z.string(),
  device: deviceSchema,
  pairing_code: z
    .string()
    .nullable()
    .meta({ description: 'license_activate from Created: the code to type on the device (shown once)' }),
  details: licenceDetailsSchema,
});

export const devicePairBody = z.object({
  code: z.string().trim().toUpperCase().length(PAIRING_CODE_LENGTH, `The code has ${PAIRING_CODE_LENGTH} characters`),
  app_version: z.string().trim().max(40).default(''),
});
export const devicePairAnswer = successEnvelope({
  device_id: z.number().int(),
  token: z.string().meta({ description: 'Send as `Authorization: Device <token>`; revoked when the device is' }),
  counter_id: z.number().int(),
});
export const deviceHeartbeatBody = z.object({ app_version: z.string().trim().max(40).default('') });
export const deviceHeartbeatAnswer = successEnvelope({
  licence_status: z.number().int(),
  next_heartbeat_ms: z.number().int(),
  test_push: z.string().nullable().meta({ description: 'A test push sent from push-setting (its time), once' }),
});
export const deviceConfigAnswer = successEnvelope({
  device_id: z.number().int(),
  device_type: z.string(),
  counter: z.object({
    counter_id: z.number().int(),
    name: z.string(),
    foodcourt: z.string(),
    settings: counterSettingsSchema,
  }),
});

export const cashierSchema = z.object({
  cashier_id: z.number().int(),
  name: z.string(),
  foodcourt: z.string(),
  counter_ids: z.array(z.number().int()),
  active: z.boolean(),
  locked_until: z.string().nullable(),
  version: z.number().int(),
  updated_at: z.string(),
});
export const cashierBody = z.object({
  name: name('cashier name'),
  foodcourt: siteId,
  counter_ids: z.array(z.number().int().min(1)).max(200).default([]),
  active: z.boolean().default(true),
  pin: z
    .string()
    .refine(isAcceptablePin, CASHIER_PIN_RULE)
    .optional()
    .meta({ description: 'Required when creating; on a save, a new PIN (unlocks the cashier)' }),
  version: version.optional(),
  ...meta,
});
export const cashiersAnswer = successEnvelope({ cashiers: z.array(cashierSchema) });
export const cashierAnswer = successEnvelope({ message: z.string(), cashier: cashierSchema });
export const cashierPinBody = z.object({ cashier_id: z.number().int().min(1), pin: z.string().max(10) });

export const qrCodeSchema = z.object({
  id: z.number().int(),
  foodcourt: z.string(),
  restaurant: z.string().nullable(),
  target_type: z.enum(QR_TARGET_TYPES),
  label: z.string(),
  link: z.string().meta({ description: 'The signed short link the code carries' }),
  created_at: z.string(),
});
export const qrCreateBody = z.object({
  foodcourt: siteId,
  restaurant: siteId.nullable().default(null),
  target_type: z.enum(QR_TARGET_TYPES),
  labels: z.array(z.string().trim().min(1).max(60)).min(1, 'Give at least one label').max(500),
  ...meta,
});
export const qrCodesAnswer = successEnvelope({ codes: z.array(qrCodeSchema) });
export const qrBatchBody = z.object({ ids: z.array(z.number().int().min(1)).min(1).max(500), ...meta });

/** Order events a site can push to its devices and customers (page push-setting). */
export const PUSH_EVENTS = [
  'order_placed',
  'order_accepted',
  'order_ready',
  'order_completed',
  'order_cancelled',
  'order_refunded',
] as const;
export const PUSH_CHANNELS = ['device', 'app_push', 'sms', 'email'] as const;

export const pushRuleSchema = z.object({
  event: z.enum(PUSH_EVENTS),
  channels: z.array(z.enum(PUSH_CHANNELS)).max(PUSH_CHANNELS.length),
  device_types: z.array(z.enum(DEVICE_TYPE_NAMES)).max(DEVICE_TYPE_NAMES.length).default([]),
  order_push_types: z
    .array(z.union([z.literal(1), z.literal(2), z.literal(3)]))
    .max(3)
    .default([1, 2, 3]),
});
export type PushRule = z.infer<typeof pushRuleSchema>;
export const pushSettingsSchema = z.object({
  foodcourt: z.string(),
  rules: z.array(pushRuleSchema),
  version: z.number().int().meta({ description: '0 while the food court has no settings saved' }),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export const pushSettingsAnswer = successEnvelope({ settings: pushSettingsSchema });
export const pushSettingsBody = z
  .object({
    rules: z.array(pushRuleSchema).max(PUSH_EVENTS.length * 2),
    version: z.number().int().min(0),
    ...meta,
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.rules.forEach((r, i) => {
      if (seen.has(r.event))
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'event'], message: 'One rule per event' });
      seen.add(r.event);
      if (r.channels.includes('device') && r.device_types.length === 0)
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'device_types'], message: 'Choose the devices that get it' });
    });
  });
export const pushTestBody = z.object({ device_id: z.number().int().min(1), ...meta });
export const pushTestAnswer = successEnvelope({
  message: z.string(),
  sent_at: z.string(),
});
