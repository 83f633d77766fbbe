import { useQuery } from '@tanstack/react-query';
import type { LastSyncAnswer, PosRestaurantsAnswer } from '@cd/core';
import { apiGet, apiPost } from '../../lib/api-client';
import { clientDataKey } from '../../lib/client-data';

export { useClientData } from '../../lib/client-data';

/** The shell-level calls of spec 000 §7 that run once the user is signed in. */
export const shellKeys = {
  all: ['shell'] as const,
  posRestaurants: () => ['shell', 'pos-restaurants'] as const,
  clientData: clientDataKey,
  lastSync: () => ['shell', 'last-sync'] as const,
};

/** Users holding this permission see every restaurant already and skip the restaurants call (spec 000 §6). */
export const POS_RESTAURANT_FULL_ACCESS = 'pos_restaurant_full_access';

const LONG = 5 * 60_000;

export function usePosRestaurants(enabled: boolean) {
  return useQuery({
    queryKey: shellKeys.posRestaurants(),
    queryFn: ({ signal }) => apiPost<PosRestaurantsAnswer>('pos_restaurants', {}, { signal }),
    select: (answer) => answer.restaurants ?? [],
    enabled,
    staleTime: LONG,
  });
}

export function useLastSyncTime() {
  return useQuery({
    queryKey: shellKeys.lastSync(),
    queryFn: ({ signal }) => apiGet<LastSyncAnswer>('get_last_bq_sync_time', { signal }),
    select: (answer) => answer.last_bqsync_time ?? null,
    staleTime: LONG,
    // The sync time is informative only: a failure hides it, nothing more.
    retry: false,
  });
}
