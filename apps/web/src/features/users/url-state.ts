import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LOGIN_TYPES, type LoginType } from '@cd/core';

/**
 * The /vendor page's state lives in the address (STYLE.md: dialogs are linkable and survive reload):
 * ?search=&status=&login_type=&page= for the list, ?user=<userid> or ?action=new for the form,
 * &dialog=password for the set-password dialog.
 */
export type UsersUrlState = {
  search: string;
  status?: 'active' | 'inactive';
  login_type?: LoginType;
  page: number;
  user?: string;
  action?: 'new';
  dialog?: 'password';
};

export type UsersUrlPatch = { [K in keyof UsersUrlState]?: UsersUrlState[K] | undefined };

export const USERS_PAGE_SIZE = 25;

function parse(params: URLSearchParams): UsersUrlState {
  const status = params.get('status');
  const loginType = params.get('login_type');
  const page = Number(params.get('page'));
  return {
    search: params.get('search') ?? '',
    status: status === 'active' || status === 'inactive' ? status : undefined,
    login_type: LOGIN_TYPES.includes(loginType as LoginType) ? (loginType as LoginType) : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    user: params.get('user') || undefined,
    action: params.get('action') === 'new' ? 'new' : undefined,
    dialog: params.get('dialog') === 'password' ? 'password' : undefined,
  };
}

/** Writes a patch into the query string; empty values and page 1 are left out. */
export function applyPatch(params: URLSearchParams, patch: Record<string, string | number | undefined>) {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

export function useUsersUrlState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parse(params), [params]);
  const update = useCallback(
    (patch: UsersUrlPatch, options: { replace?: boolean } = {}) =>
      setParams((prev) => applyPatch(prev, patch as Record<string, string | number | undefined>), options),
    [setParams],
  );
  return { state, update };
}
