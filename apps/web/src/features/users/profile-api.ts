import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileView } from '@cd/core';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api-client';
import { userKeys, type MutationCallbacks } from './api';

/**
 * The hooks of a named-profile resource (permission profiles, site profiles): list, create, update (with
 * version), delete (with version) and apply to users. Both resources answer in the same shapes.
 */
export function makeProfileApi<T extends object, TBody extends object>(resource: string) {
  type Profile = ProfileView<T>;
  const keys = {
    all: [resource] as const,
    list: () => [resource, 'list'] as const,
  };
  const path = (id: number) => `${resource}/${id}`;

  function useList() {
    return useQuery({
      queryKey: keys.list(),
      queryFn: ({ signal }) => apiGet<{ profiles: Profile[] }>(resource, { signal }),
      select: (answer) => answer.profiles,
    });
  }

  function useSave({ onSuccess }: MutationCallbacks<{ profile: Profile; message?: string }> = {}) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: ({ id, body }: { id?: number; body: TBody }) =>
        id === undefined
          ? apiPost<{ profile: Profile; message?: string }>(resource, body)
          : apiPut<{ profile: Profile; message?: string }>(path(id), body),
      onSuccess: async (answer) => {
        await queryClient.invalidateQueries({ queryKey: keys.all });
        onSuccess?.(answer);
      },
    });
  }

  function useDelete({ onSuccess }: MutationCallbacks<{ message: string }> = {}) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: ({ id, version }: { id: number; version: number }) =>
        apiDelete<{ message: string }>(`${path(id)}?version=${version}`),
      onSuccess: async (answer) => {
        await queryClient.invalidateQueries({ queryKey: keys.all });
        onSuccess?.(answer);
      },
      // A conflict means the list is stale: the next try uses the version saved since.
      onError: () => queryClient.invalidateQueries({ queryKey: keys.all }),
    });
  }

  function useApply({ onSuccess }: MutationCallbacks<{ message: string; updated: number }> = {}) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: ({ id, userids }: { id: number; userids: string[] }) =>
        apiPost<{ message: string; updated: number }>(`${path(id)}/apply`, { userids }),
      onSuccess: async (answer) => {
        // The users' permissions or sites changed.
        await queryClient.invalidateQueries({ queryKey: userKeys.all });
        onSuccess?.(answer);
      },
    });
  }

  return { keys, useList, useSave, useDelete, useApply };
}
