import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginType, UserView } from '@cd/core';
import { apiGet, apiPost, apiPut } from '../../lib/api-client';
import type { CreateUserOutput, UpdateUserOutput } from './user-form-values';

export type UserListQuery = {
  search?: string;
  status?: 'active' | 'inactive';
  login_type?: LoginType;
  page?: number;
  page_size?: number;
};

export type UserListAnswer = { users: UserView[]; total: number; page: number; page_size: number };
export type UserAnswer = { message: string; user: UserView };

/** Query keys of the users resource: lists by their query, details by user id. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: UserListQuery) => [...userKeys.lists(), query] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (userid: string) => [...userKeys.details(), userid] as const,
};

/** What a caller may add after the hook's own work (DESIGN.md §3: never instead of it). */
export type MutationCallbacks<T> = { onSuccess?: (answer: T) => void };

export function userListPath(query: UserListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `vendor/users?${qs}` : 'vendor/users';
}

const userPath = (userid: string) => `vendor/users/${encodeURIComponent(userid)}`;

export function useUserList(query: UserListQuery, enabled = true) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => apiGet<UserListAnswer>(userListPath(query), { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useUser(userid: string | undefined) {
  return useQuery({
    queryKey: userKeys.detail(userid ?? ''),
    queryFn: ({ signal }) => apiGet<{ user: UserView }>(userPath(userid ?? ''), { signal }),
    select: (answer) => answer.user,
    enabled: Boolean(userid),
  });
}

export function useCreateUser({ onSuccess }: MutationCallbacks<UserAnswer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserOutput) => apiPost<UserAnswer>('vendor/users', body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(userKeys.detail(answer.user.userid), { user: answer.user });
      await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      onSuccess?.(answer);
    },
  });
}

export type UpdateUserVariables = { userid: string; body: UpdateUserOutput & { confirm_remove_own_admin?: boolean } };

export function useUpdateUser({ onSuccess }: MutationCallbacks<UserAnswer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userid, body }: UpdateUserVariables) => apiPut<UserAnswer>(userPath(userid), body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(userKeys.detail(answer.user.userid), { user: answer.user });
      await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      onSuccess?.(answer);
    },
  });
}

export function useSetPassword({ onSuccess }: MutationCallbacks<{ message: string }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userid, password }: { userid: string; password: string }) =>
      apiPost<{ message: string }>(`${userPath(userid)}/password`, { password }),
    onSuccess: async (answer, { userid }) => {
      // has_password and version change on the server.
      await queryClient.invalidateQueries({ queryKey: userKeys.detail(userid) });
      await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      onSuccess?.(answer);
    },
  });
}
