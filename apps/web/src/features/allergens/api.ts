import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AllergensResponse, AllergenView } from '@cd/core';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api-client';
import type { MutationCallbacks } from '../users';

export const allergenKeys = {
  all: ['allergens'] as const,
  list: () => [...allergenKeys.all, 'list'] as const,
};

/** GET /allergens — the catalogue with the number of items using each allergen. */
export function useAllergens() {
  return useQuery({
    queryKey: allergenKeys.list(),
    queryFn: ({ signal }) => apiGet<AllergensResponse>('allergens?counts=true', { signal }),
    select: (answer) => answer.data ?? [],
  });
}

export type AllergenValues = { code: string; name: string; imageurl: string };
type AllergenAnswer = { allergen: AllergenView };

/** POST /allergens (new) or PUT /allergens/:code (with the version edited). */
export function useSaveAllergen({ onSuccess }: MutationCallbacks<AllergenAnswer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, version }: { values: AllergenValues; version?: number }) =>
      version === undefined
        ? apiPost<AllergenAnswer>('allergens', values)
        : apiPut<AllergenAnswer>(`allergens/${encodeURIComponent(values.code)}`, { ...values, version }),
    onSuccess: async (answer) => {
      // The menu editor's allergen list reads the same catalogue.
      await queryClient.invalidateQueries({ queryKey: allergenKeys.all });
      onSuccess?.(answer);
    },
  });
}

/** DELETE /allergens/:code?version= (custom allergens that no item uses). */
export function useDeleteAllergen({ onSuccess }: MutationCallbacks<unknown> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, version }: Pick<AllergenView, 'code' | 'version'>) =>
      apiDelete(`allergens/${encodeURIComponent(code)}?version=${version}`),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: allergenKeys.all });
      onSuccess?.(answer);
    },
  });
}
