import { useQuery } from '@tanstack/react-query';
import { ALLPATH_PAGE, canAccessPage } from '@cd/core';
import { apiGet } from './api-client';
import { useLoginState } from './login-state';

export type PricebookPath = { id: number; pathid: string };

/** Whether the signed-in user holds a page (the profile as the login state keeps it; admins hold every page). */
export function useHoldsPage(page: string): boolean {
  const { user } = useLoginState();
  const extras = user?.vendorextras;
  return canAccessPage(
    {
      admin: extras?.admin === true,
      pagepermissionaccess: extras?.pagepermissionaccess ?? [],
      permissions: extras?.permissions ?? [],
    },
    page,
  );
}

/**
 * GET /allpath, the price-book paths (numeric id and name), asked for only with the /allpath page permission
 * (spec 000 §6): `allowed` false means the user lacks it and the page should say so.
 */
export function usePricebookPaths() {
  const allowed = useHoldsPage(ALLPATH_PAGE);
  const query = useQuery({
    queryKey: ['allpath'],
    queryFn: ({ signal }) => apiGet<{ data: { id: number | string; pathid: string }[] }>('allpath', { signal }),
    select: (answer): PricebookPath[] => (answer.data ?? []).map((p) => ({ id: Number(p.id), pathid: p.pathid })),
    enabled: allowed,
    staleTime: 5 * 60_000,
  });
  return { ...query, allowed };
}
