import { lazyListPage, type LazyPage } from '../../lib/lazy-page';
import { foodcourtApi, foodcourtsUrl, locationApi, locationsUrl, restaurantListApi, restaurantsUrl } from './api';

/**
 * The Site handlers group's list pages (spec 000 §2.3): /location "Organization", /foodcourt, /restaurant. Each
 * asks for its first page of rows while its code loads.
 */
export const sitePages: Record<string, LazyPage> = {
  '/location': lazyListPage(
    '/location',
    () => import('./pages/location-page').then((m) => ({ default: m.LocationPage })),
    {
      url: locationsUrl,
      api: locationApi,
    },
  ),
  '/foodcourt': lazyListPage(
    '/foodcourt',
    () => import('./pages/foodcourt-page').then((m) => ({ default: m.FoodcourtPage })),
    { url: foodcourtsUrl, api: foodcourtApi },
  ),
  '/restaurant': lazyListPage(
    '/restaurant',
    () => import('./pages/restaurant-page').then((m) => ({ default: m.RestaurantPage })),
    { url: restaurantsUrl, api: restaurantListApi },
  ),
};
