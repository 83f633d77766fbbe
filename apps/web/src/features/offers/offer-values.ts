import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { Offer, offerBody, OfferKind, OfferTrigger } from '@cd/core';

export type OfferInput = z.input<typeof offerBody>;
export type OfferOutput = z.output<typeof offerBody>;
export type OfferFormApi = UseFormReturn<OfferInput, unknown, OfferOutput>;
export type RewardInput = OfferInput['reward'];

/**
 * A kind's reward as a new form holds it: the schema's defaults filled in, the amounts the user must give left
 * empty (undefined, which the schema refuses with "Enter a number" under the field).
 */
export function defaultReward(kind: OfferKind): RewardInput {
  const empty = undefined as unknown as number;
  switch (kind) {
    case 'percent':
      return { kind, percent: empty, applies_to: 'order' };
    case 'amount':
      return { kind, amount: empty, applies_to: 'order' };
    case 'bxgy':
      return { kind, buy: 1, get: 1, get_percent: 100, max_times: 0 };
    case 'free_item':
      return { kind, foodid: '', quantity: 1 };
    case 'meal_deal':
      return {
        kind,
        components: [
          { items: [], quantity: 1 },
          { items: [], quantity: 1 },
        ],
        price: empty,
      };
    case 'delivery_fee':
      return { kind, percent: 100 };
  }
}

const copy = <T>(value: T): T => structuredClone(value);

/** The form's values of an offer (a new one of this trigger when none). */
export function offerValues(trigger: OfferTrigger, offer?: Offer): OfferInput {
  return {
    name: offer?.name ?? '',
    description: offer?.description ?? '',
    trigger,
    status: offer?.status ?? 'draft',
    priority: offer?.priority ?? 0,
    stacking: offer?.stacking ?? 'stackable',
    code_mode: offer?.code_mode ?? 'shared',
    shared_code: offer?.shared_code ?? '',
    conditions: offer
      ? copy(offer.conditions)
      : {
          foodcourts: [],
          restaurants: [],
          items: [],
          categories: [],
          channels: [],
          order_types: [],
          sessions: [],
          days: [],
          min_spend: 0,
          groups: [],
          first_order: false,
        },
    reward: offer ? copy(offer.reward) : defaultReward('percent'),
    limits: offer ? copy(offer.limits) : {},
  };
}
