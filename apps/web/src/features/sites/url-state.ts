import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { applyPatch } from '../users';
import { DEFAULT_SITE_PAGE_SIZE, parseSiteListParams } from './list-params';

export type SiteListUrlPatch = {
  search?: string;
  page?: number;
  page_size?: number;
  location?: string;
  foodcourt?: string;
  status?: string;
  client?: string;
  edit?: string;
  action?: 'new';
};

/** Writes a patch into the query string; empty values, page 1 and the default page size are left out. */
export function applySiteListPatch(params: URLSearchParams, patch: SiteListUrlPatch): URLSearchParams {
  const next = applyPatch(params, patch as Record<string, string | number | undefined>);
  if (next.get('page_size') === String(DEFAULT_SITE_PAGE_SIZE)) next.delete('page_size');
  return next;
}

/** The list page's state from the address (list-params.ts), and a way to change it. */
export function useSiteListUrlState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSiteListParams(params), [params]);
  const update = useCallback(
    (patch: SiteListUrlPatch, options: { replace?: boolean } = {}) =>
      setParams((prev) => applySiteListPatch(prev, patch), options),
    [setParams],
  );
  return { state, update };
}
