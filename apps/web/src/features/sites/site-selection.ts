import { useEffect } from 'react';
import { getSiteSelection, selectSites } from '../../lib/login-state';

type SiteFilters = { location?: string; foodcourt?: string };
type Update = (patch: SiteFilters, options?: { replace?: boolean }) => void;

/**
 * The session's site selection (spec 000 §3) and a site list's filters: a list opened without a site filter
 * starts at the sites chosen last in this session, and every choice made here is recorded for the next.
 */
export function useSiteSelection(filters: SiteFilters, update: Update, kinds: ReadonlyArray<keyof SiteFilters>) {
  const unfiltered = kinds.every((kind) => !filters[kind]);
  useEffect(() => {
    if (!unfiltered) return;
    const selection = getSiteSelection();
    const patch: SiteFilters = {};
    if (kinds.includes('location') && selection.locations[0]) patch.location = selection.locations[0];
    if (kinds.includes('foodcourt') && selection.foodcourts[0]) patch.foodcourt = selection.foodcourts[0];
    if (Object.keys(patch).length) update(patch, { replace: true });
    // Only on opening: a filter cleared later stays cleared.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (patch: SiteFilters) => {
    selectSites({
      ...(kinds.includes('location') && 'location' in patch ? { location: patch.location ?? '' } : {}),
      ...(kinds.includes('foodcourt') && 'foodcourt' in patch ? { foodcourt: patch.foodcourt ?? '' } : {}),
    });
    update({ ...patch, page: undefined } as SiteFilters);
  };
}
