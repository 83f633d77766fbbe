import { z } from 'zod';
import {
  LOYALTY_KINDS,
  LOYALTY_STATUSES,
  ledgerEntrySchema,
  loyaltyMemberSchema,
  loyaltyProgramSchema,
  loyaltyRewardSchema,
} from '../loyalty/loyalty-rules.js';
import { successEnvelope } from './envelope.js';
import { exportQuerySchema, listAnswerSchema, listQuerySchema } from './list.js';

/**
 * Marketing II (issue 18): loyalty programs (points: page loyalty_points; stamp cards: page loyalty_stamps), their
 * members and ledger, and the reward catalogue (page loyalty-rewards).
 *
 *   GET  /loyalty/programs?kind=points|stamps&status=&search=…   POST; PUT|DELETE /loyalty/programs/:id
 *   GET  /loyalty/programs/:id/members?search=&sort=&page=        members with balances (≤ 200 a page)
 *   GET  /loyalty/programs/:id/members/:ref                       a member: balance and history
 *   POST /loyalty/programs/:id/members/:ref/adjust {points, reason}   by hand (permission loyalty_adjust; audited)
 *   GET  /loyalty/rewards?program_id=&search=…                    POST; PUT|DELETE /loyalty/rewards/:id
 *   The ordering apps (API key):
 *   GET  /loyalty/balance?customer_ref=                           balances in every program
 *   POST /loyalty/earn {order_id}                                 earn for an order (ingest does it; a replay changes nothing)
 *   POST /loyalty/redeem {customer_ref, reward_id} + Idempotency-Key   spend for a reward: a one-use code for the quote
 */

export const LOYALTY_PROGRAM_SORT = ['name', 'status', 'updated_at'] as const;
const programFilters = { kind: z.enum(LOYALTY_KINDS).optional(), status: z.enum(LOYALTY_STATUSES).optional() };
export const loyaltyProgramListQuery = listQuerySchema(LOYALTY_PROGRAM_SORT, programFilters);
export const loyaltyProgramExportQuery = exportQuerySchema(LOYALTY_PROGRAM_SORT, programFilters);
export const loyaltyProgramListAnswer = listAnswerSchema('programs', loyaltyProgramSchema);
export const loyaltyProgramAnswer = successEnvelope({ message: z.string(), program: loyaltyProgramSchema });

export const LOYALTY_MEMBER_SORT = ['customer_ref', 'balance', 'last_activity'] as const;
export const loyaltyMemberListQuery = listQuerySchema(LOYALTY_MEMBER_SORT);
export const loyaltyMemberListAnswer = listAnswerSchema('members', loyaltyMemberSchema);
export const loyaltyMemberAnswer = successEnvelope({
  member: loyaltyMemberSchema,
  entries: z.array(ledgerEntrySchema).meta({ description: 'Newest first, at most 200' }),
});
export const adjustAnswer = successEnvelope({ message: z.string(), member: loyaltyMemberSchema });

export const LOYALTY_REWARD_SORT = ['name', 'cost', 'updated_at'] as const;
const rewardFilters = { program_id: z.coerce.number().int().min(1).optional() };
export const loyaltyRewardListQuery = listQuerySchema(LOYALTY_REWARD_SORT, rewardFilters);
export const loyaltyRewardListAnswer = listAnswerSchema('rewards', loyaltyRewardSchema);
export const loyaltyRewardAnswer = successEnvelope({ message: z.string(), reward: loyaltyRewardSchema });

export const balanceQuery = z.object({ customer_ref: z.string().trim().min(1).max(100) });
export const balanceAnswer = successEnvelope({
  customer_ref: z.string(),
  balances: z.array(
    z.object({
      program_id: z.number().int(),
      name: z.string(),
      kind: z.enum(LOYALTY_KINDS),
      points_name: z.string(),
      balance: z.number().int(),
      required: z.number().int().nullable().meta({ description: 'Stamps to a full card' }),
    }),
  ),
});
export const earnBody = z.object({ order_id: z.number().int().min(1) });
export const earnAnswer = successEnvelope({
  order_id: z.number().int(),
  earned: z.array(z.object({ program_id: z.number().int(), points: z.number().int() })),
});
export const redeemAnswer = successEnvelope({
  message: z.string(),
  code: z.string().meta({ description: 'Put it in the cart of the quote and the order' }),
  offer_id: z.number().int(),
  expires_at: z.string(),
  balance: z.number().int(),
});
