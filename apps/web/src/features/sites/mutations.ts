import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FoodcourtView, LocationView } from '@cd/core';
import { apiPost, apiPut } from '../../lib/api-client';
import type { MutationCallbacks } from '../users';
import { siteKeys } from './api';

export type LocationValues = { location: string; name: string };
export type FoodcourtValues = { foodcourt: string; location: string; name: string };
export type LocationAnswer = { message: string; location: LocationView };
export type FoodcourtAnswer = { message: string; foodcourt: FoodcourtView };

/** Adding names no version; editing names the version it edited (409 versionConflict when stale). */
type SaveVariables<T> = { values: T; version?: number };

/** POST /vendor/location (new) or PUT /vendor/location/:location (edit, with its version). */
export function useSaveLocation({ onSuccess }: MutationCallbacks<LocationAnswer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, version }: SaveVariables<LocationValues>) =>
      version === undefined
        ? apiPost<LocationAnswer>('vendor/location', values)
        : apiPut<LocationAnswer>(`vendor/location/${encodeURIComponent(values.location)}`, { ...values, version }),
    onSuccess: async (answer) => {
      // Counts and organisation names show in the food court and restaurant lists too.
      await queryClient.invalidateQueries({ queryKey: siteKeys.all });
      onSuccess?.(answer);
    },
  });
}

/** POST /vendor/foodcourt (new) or PUT /vendor/foodcourt/:foodcourt (edit, with its version). */
export function useSaveFoodcourt({ onSuccess }: MutationCallbacks<FoodcourtAnswer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, version }: SaveVariables<FoodcourtValues>) =>
      version === undefined
        ? apiPost<FoodcourtAnswer>('vendor/foodcourt', values)
        : apiPut<FoodcourtAnswer>(`vendor/foodcourt/${encodeURIComponent(values.foodcourt)}`, { ...values, version }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: siteKeys.all });
      onSuccess?.(answer);
    },
  });
}
