import { lazy, type ComponentType } from 'react';
import type { LazyPage } from '../../lib/lazy-page';
import { prefetchSiteList } from './early-list';
import { parseSiteListParams, siteListQuery, type SiteKind } from './list-params';

/**
 * A lazy list page whose first page of rows is asked for while its code loads, instead of after: the page
 * takes that answer for its first query (the address decides both, so they match).
 */
function listPage(path: string, kind: SiteKind, load: () => Promise<{ default: ComponentType }>): LazyPage {
  return lazy(() => {
    if (typeof window !== 'undefined' && window.location.pathname === path) {
      prefetchSiteList(kind, siteListQuery(kind, parseSiteListParams(new URLSearchParams(window.location.search))));
    }
    return load();
  });
}

/** The Site handlers group's list pages (spec 000 §2.3): /location "Organization", /foodcourt, /restaurant. */
export const sitePages: Record<string, LazyPage> = {
  '/location': listPage('/location', 'location', () =>
    import('./pages/location-page').then((m) => ({ default: m.LocationPage })),
  ),
  '/foodcourt': listPage('/foodcourt', 'foodcourt', () =>
    import('./pages/foodcourt-page').then((m) => ({ default: m.FoodcourtPage })),
  ),
  '/restaurant': listPage('/restaurant', 'restaurant', () =>
    import('./pages/restaurant-page').then((m) => ({ default: m.RestaurantPage })),
  ),
};
