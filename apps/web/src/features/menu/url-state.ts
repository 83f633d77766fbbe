import { useCallback, useMemo, useRef } from 'react';
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

/**
 * The state and `update(patch)`. `update` keeps one identity for the page's life (React Router's setter changes at
 * every address change), so the memoised list and its rows do not render again when an item opens.
 */
export function useMenuUrlState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseMenuUrl(params), [params]);
  const setter = useRef(setParams);
  setter.current = setParams;
  const update = useCallback(
    (patch: MenuUrlPatch, options: { replace?: boolean } = {}) =>
      setter.current((prev) => applyPatch(prev, patch as Record<string, string | undefined>), options),
    [],
  );
  return { state, update };
}
