import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adUserBody, UserView } from '@cd/core';
import { apiGet, apiPost, apiPut } from '../../lib/api-client';
import { userKeys, type MutationCallbacks } from '../users';

export type AdUserOutput = z.output<typeof adUserBody>;
type AdUserAnswer = { message: string; user: UserView };

export const adUserKeys = {
  all: ['ad-users'] as const,
  list: (search: string) => [...adUserKeys.all, 'list', search] as const,
};

/** GET /ad_users?search= — the single-sign-on users. */
export function useAdUsers(search: string) {
  return useQuery({
    queryKey: adUserKeys.list(search),
    queryFn: ({ signal }) =>
      apiGet<{ users: UserView[] }>(search ? `ad_users?search=${encodeURIComponent(search)}` : 'ad_users', { signal }),
    select: (answer) => answer.users,
  });
}

/** POST /ad_users (create) or PUT /ad_users/:userid (name, status, version). */
export function useSaveAdUser({ onSuccess }: MutationCallbacks<AdUserAnswer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, body }: { mode: 'create' | 'edit'; body: AdUserOutput }) =>
      mode === 'create'
        ? apiPost<AdUserAnswer>('ad_users', body)
        : apiPut<AdUserAnswer>(`ad_users/${encodeURIComponent(body.userid)}`, {
            name: body.name,
            status: body.status,
            version: body.version,
          }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: adUserKeys.all });
      // The same people are users on /vendor.
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      onSuccess?.(answer);
    },
  });
}
