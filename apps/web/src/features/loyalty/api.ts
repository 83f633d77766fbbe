import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  LOYALTY_PROGRAM_SORT,
  LOYALTY_REWARD_SORT,
  LOYALTY_STATUSES,
  type adjustAnswer,
  type adjustBody,
  type CustomerGroup,
  type LedgerEntry,
  type LoyaltyKind,
  type LoyaltyMember,
  type LoyaltyProgram,
  type loyaltyProgramBody,
  type LoyaltyReward,
  type loyaltyRewardBody,
  type SortOrder,
} from '@cd/core';
import { apiGet, apiPost } from '../../lib/api-client';
import { listUrlState, withQuery } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { defineUrlState, param } from '../../lib/url-state';

export type ProgramInput = z.input<typeof loyaltyProgramBody>;
export type ProgramOutput = z.output<typeof loyaltyProgramBody>;
export type RewardInput = z.input<typeof loyaltyRewardBody>;
export type RewardOutput = z.output<typeof loyaltyRewardBody>;
export type AdjustOutput = z.output<typeof adjustBody>;

/** GET /loyalty/programs?kind=…; POST; PUT and DELETE /loyalty/programs/:id (version-checked); export. */
export const programApi = makeResourceApi<LoyaltyProgram, ProgramOutput>({
  key: ['loyalty', 'programs'],
  path: 'loyalty/programs',
  rowsField: 'programs',
  rowField: 'program',
  idOf: (program) => program.id,
  exportName: 'loyalty-programs.xlsx',
});

/** The address of /loyalty_points and /loyalty-stamps (the kind is the route's, not the address's). */
export const programsUrl = listUrlState({
  sort: LOYALTY_PROGRAM_SORT,
  dialogs: ['delete', 'members'] as const,
  filters: { status: param.oneOf(LOYALTY_STATUSES) },
});

/** The part of the program list's query each route fixes. */
export const kindQuery = (kind: LoyaltyKind) => ({ kind });

/**
 * The member opened over a program's members (`&member=<ref>`), so it is linkable and survives reload; with the
 * list's own keys, so closing the members closes the member in the same change of the address.
 */
export const memberUrl = defineUrlState({ member: param.id(), dialog: param.id(), edit: param.id() });

/** GET /loyalty/rewards?program_id=…; POST; PUT and DELETE /loyalty/rewards/:id. */
export const rewardApi = makeResourceApi<LoyaltyReward, RewardOutput>({
  key: ['loyalty', 'rewards'],
  path: 'loyalty/rewards',
  rowsField: 'rewards',
  rowField: 'reward',
  idOf: (reward) => reward.id,
});

export const rewardsUrl = listUrlState({
  sort: LOYALTY_REWARD_SORT,
  dialogs: ['delete'] as const,
  filters: { program_id: param.id() },
});

/** GET /loyalty/programs?page_size=200&sort=name: every program, to choose a reward's program or filter by it. */
export function useProgramChoices() {
  return useQuery({
    queryKey: [...programApi.keys.all, 'choices'],
    queryFn: ({ signal }) =>
      apiGet<{ programs: LoyaltyProgram[] }>(withQuery('loyalty/programs', { page: 1, page_size: 200, sort: 'name' }), {
        signal,
      }).then((a) => a.programs),
    staleTime: 60_000,
  });
}

/** GET /groups?page_size=200&sort=name: the customer groups a program may be kept to. */
export function useCustomerGroups() {
  return useQuery({
    queryKey: ['groups', 'list', { page_size: 200, sort: 'name', for: 'loyalty' }],
    queryFn: ({ signal }) =>
      apiGet<{ groups: CustomerGroup[] }>(withQuery('groups', { page: 1, page_size: 200, sort: 'name' }), {
        signal,
      }).then((a) => a.groups),
    staleTime: 60_000,
  });
}

const programPath = (id: number) => `loyalty/programs/${id}`;
const memberPath = (id: number, ref: string) => `${programPath(id)}/members/${encodeURIComponent(ref)}`;
const membersKey = (id: number) => [...programApi.keys.all, 'members', id];

export type MembersQuery = { search: string; page: number; page_size: number; sort?: string; order?: SortOrder };

/** GET /loyalty/programs/:id/members?search=&sort=&order=&page=&page_size=: a page of members with balances. */
export function useLoyaltyMembers(id: number, query: MembersQuery) {
  return useQuery({
    queryKey: [...membersKey(id), 'list', query],
    queryFn: ({ signal }) =>
      apiGet<{ members: LoyaltyMember[]; total: number }>(withQuery(`${programPath(id)}/members`, query), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /loyalty/programs/:id/members/:ref: a member's balance and history (newest first). */
export function useLoyaltyMember(id: number, ref: string) {
  return useQuery({
    queryKey: [...membersKey(id), 'one', ref],
    queryFn: ({ signal }) => apiGet<{ member: LoyaltyMember; entries: LedgerEntry[] }>(memberPath(id, ref), { signal }),
  });
}

/**
 * POST /loyalty/programs/:id/members/:ref/adjust {points, reason}: the member, the members' page and the
 * programs' outstanding totals go stale.
 */
export function useAdjust(id: number, ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustOutput) => apiPost<z.infer<typeof adjustAnswer>>(`${memberPath(id, ref)}/adjust`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programApi.keys.all }),
  });
}
