import { PUSH_EVENTS, pushSettingsBody, type PushRule } from '@cd/core';

export type PushEvent = (typeof PUSH_EVENTS)[number];
export type OrderPushType = 1 | 2 | 3;
export const ORDER_PUSH_TYPE_VALUES = [1, 2, 3] as const;

/** An event pushed nowhere yet: no channels, no devices, every order push type (core's default). */
export const emptyRule = (event: PushEvent): PushRule => ({
  event,
  channels: [],
  device_types: [],
  order_push_types: [1, 2, 3],
});

/** One rule per event, in PUSH_EVENTS order: the saved rule of each event, else an empty one. */
export function draftOf(saved: readonly PushRule[]): PushRule[] {
  return PUSH_EVENTS.map((event) => {
    const rule = saved.find((r) => r.event === event);
    return rule ? { ...emptyRule(event), ...rule } : emptyRule(event);
  });
}

const norm = (rules: readonly PushRule[]) =>
  JSON.stringify(
    rules.map((r) => ({
      event: r.event,
      channels: [...r.channels].sort(),
      device_types: [...r.device_types].sort(),
      order_push_types: [...r.order_push_types].sort(),
    })),
  );

/** Whether the draft differs from what was loaded (the unsaved-changes guard). */
export const isChanged = (draft: readonly PushRule[], saved: readonly PushRule[]) =>
  norm(draft) !== norm(draftOf(saved));

export type RuleErrors = Partial<Record<PushEvent, Partial<Record<'channels' | 'device_types' | 'event', string>>>>;

/**
 * The draft checked with core's schema, the API's own ("Choose the devices that get it"): the errors by event
 * and field, or the body to send with the version the page loaded.
 */
export function checkRules(
  draft: readonly PushRule[],
  version: number,
): { ok: true; body: { rules: PushRule[]; version: number } } | { ok: false; errors: RuleErrors } {
  const parsed = pushSettingsBody.safeParse({ rules: draft, version });
  if (parsed.success) return { ok: true, body: { rules: parsed.data.rules, version: parsed.data.version } };
  const errors: RuleErrors = {};
  for (const issue of parsed.error.issues) {
    const [root, index, field] = issue.path;
    if (root !== 'rules' || typeof index !== 'number') continue;
    const event = draft[index]?.event;
    const key = field === 'device_types' || field === 'channels' ? field : 'event';
    if (event) errors[event] = { ...errors[event], [key]: errors[event]?.[key] ?? issue.message };
  }
  return { ok: false, errors };
}
