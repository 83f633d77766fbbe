import dayjs from 'dayjs';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { loyaltyProgramBody, type LoyaltyKind, type LoyaltyProgram } from '@cd/core';
import type { ProgramInput, ProgramOutput } from './api';

export type ProgramFormApi = UseFormReturn<ProgramInput, unknown, ProgramOutput>;
type Multiplier = NonNullable<NonNullable<ProgramInput['points']>['multipliers']>[number];

/** A number the user must give, left empty (the schema says "Enter a number" under its field). */
const empty = undefined as unknown as number;
const copy = <T>(value: T): T => structuredClone(value);

/** The form's values of a program (a new one of this kind when none). */
export function programValues(kind: LoyaltyKind, program?: LoyaltyProgram): ProgramInput {
  const points = program?.points ? copy(program.points) : null;
  return {
    name: program?.name ?? '',
    kind,
    status: program?.status ?? 'draft',
    points_name: program?.points_name ?? 'points',
    foodcourts: [...(program?.foodcourts ?? [])],
    restaurants: [...(program?.restaurants ?? [])],
    channels: [...(program?.channels ?? [])],
    groups: [...(program?.groups ?? [])],
    // The per-amount fields show empty when there is no such rule; the form schema turns both empty into none.
    points:
      kind === 'points'
        ? {
            per_amount: points?.per_amount ?? { points: empty, per: empty },
            per_item: points?.per_item ?? [],
            per_visit: points?.per_visit ?? 0,
            visit_min_spend: points?.visit_min_spend ?? 0,
            multipliers: points?.multipliers ?? [],
          }
        : null,
    stamps:
      kind === 'stamps'
        ? program?.stamps
          ? copy(program.stamps)
          : { required: 10, items: [], categories: [], max_per_order: 0 }
        : null,
    expiry_days: program?.expiry_days ?? null,
  };
}

/** A new multiplier row: this week, double points. */
export const newMultiplier = (today = dayjs()): Multiplier => ({
  from: today.format('YYYY-MM-DD'),
  to: today.add(6, 'day').format('YYYY-MM-DD'),
  factor: 2,
});

const blank = (value: unknown) => value === undefined || value === null;

/** Per-amount points and money both left empty mean no per-amount rule (null), as the API has it. */
function tidy(values: unknown): unknown {
  const v = values as ProgramInput;
  const perAmount = v?.points?.per_amount;
  if (perAmount && blank(perAmount.points) && blank(perAmount.per))
    return { ...v, points: { ...v.points, per_amount: null } };
  return v;
}

/** Core's loyaltyProgramBody (the API's own checks and messages), after the form's empty rules are tidied. */
export const programFormSchema = z.preprocess(tidy, loyaltyProgramBody) as unknown as z.ZodType<
  ProgramOutput,
  ProgramInput
>;
