import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileView } from '@cd/core';
import { apiGet, apiPost } from '../../lib/api-client';
import { makeResourceApi } from '../../lib/resource-api';
import { userKeys } from './api';

/**
 * A named-profile resource (permission profiles, site profiles) on the resource frame: list, save with version,
 * delete with version, export; plus applying a profile to users.
 */
export function makeProfileApi<T extends object, TBody extends object>(resource: string) {
  const base = makeResourceApi<ProfileView<T>, TBody>({
    key: resource,
    path: resource,
    rowsField: 'profiles',
    rowField: 'profile',
    idOf: (profile) => profile.id,
    // Profiles are few and searched by name: one by id comes from the whole list.
    fetchOne: async (id, signal) => {
      const { profiles } = await apiGet<{ profiles: ProfileView<T>[] }>(resource, { signal });
      return profiles.find((p) => String(p.id) === id) ?? null;
    },
    exportName: `${resource}.xlsx`,
  });

  function useApply() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: ({ id, userids }: { id: number; userids: string[] }) =>
        apiPost<{ message: string; updated: number }>(`${resource}/${id}/apply`, { userids }),
      // The users' permissions or sites changed.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
    });
  }

  return { ...base, useApply };
}

export type ProfileApi<T extends object, TBody extends object> = ReturnType<typeof makeProfileApi<T, TBody>>;
