import { z } from 'zod';
import { cashierBody, CASHIER_PIN_RULE, isAcceptablePin } from '@cd/core';
import type { Cashier } from './api';

/**
 * The cashier dialog's schema: core's body with the PIN as typed. Creating needs a PIN; on a save an empty PIN
 * keeps the old one (and is not sent), a new one resets it and unlocks the cashier. Core's rule either way.
 */
export function cashierFormSchema(creating: boolean) {
  return cashierBody
    .pick({ name: true, foodcourt: true, counter_ids: true, active: true })
    .extend({ pin: z.string() })
    .superRefine((values, ctx) => {
      if (!values.pin && creating) ctx.addIssue({ code: 'custom', path: ['pin'], message: 'Enter a PIN' });
      if (values.pin && !isAcceptablePin(values.pin))
        ctx.addIssue({ code: 'custom', path: ['pin'], message: CASHIER_PIN_RULE });
    })
    .transform(({ pin, ...rest }) => (pin ? { ...rest, pin } : rest));
}

export const toCashierValues = (cashier?: Cashier, foodcourt?: string) => ({
  name: cashier?.name ?? '',
  foodcourt: cashier?.foodcourt ?? foodcourt ?? '',
  counter_ids: [...(cashier?.counter_ids ?? [])],
  active: cashier?.active ?? true,
  pin: '',
});

/** Whether a cashier is locked out now (too many wrong PINs). */
export const isLocked = (cashier: Cashier, now = Date.now()) =>
  cashier.locked_until !== null && Date.parse(cashier.locked_until) > now;
