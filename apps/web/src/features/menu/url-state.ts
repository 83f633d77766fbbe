import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { applyPatch } from '../users';

/**
 * The /menu page's state lives in the address, so a reload shows the same screen: ?restaurant= picks the
 * restaurant, &search= and &category= filter its items, &item=<foodid> or &action=new opens the item editor.
 */
export type MenuUrlState = {
  restaurant?: string;
  search: string;
  category?: string;
  item?: string;
  action?: 'new';
};

export type MenuUrlPatch = { [K in keyof MenuUrlState]?: MenuUrlState[K] | undefined };

export function parseMenuUrl(params: URLSearchParams): MenuUrlState {
  return {
    restaurant: params.get('restaurant') || undefined,
    search: params.get('search') ?? '',
    category: params.get('category') || undefined,
    item: params.get('item') || undefined,
    action: params.get('action') === 'new' ? 'new' : undefined,
  };
}

export function useMenuUrlState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseMenuUrl(params), [params]);
  const update = useCallback(
    (patch: MenuUrlPatch, options: { replace?: boolean } = {}) =>
      setParams((prev) => applyPatch(prev, patch as Record<string, string | undefined>), options),
    [setParams],
  );
  return { state, update };
}
