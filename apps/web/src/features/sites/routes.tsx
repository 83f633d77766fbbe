import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/**
 * The Site handlers group's list pages (spec 000 §2.3): /location "Organization", /foodcourt, /restaurant. Each
 * asks for its first page of rows while its code loads.
 */
export const sitePages: Record<string, LazyPage> = {
  '/location': lazyListPage(
    '/location',
    () => import('./pages/location-page').then((m) => ({ default: m.LocationPage })),
    () =>
      import('./api').then((m) => ({
        url: m.locationsUrl,
        api: m.locationApi,
      })),
  ),
  '/foodcourt': lazyListPage(
    '/foodcourt',
    () => import('./pages/foodcourt-page').then((m) => ({ default: m.FoodcourtPage })),
    () => import('./api').then((m) => ({ url: m.foodcourtsUrl, api: m.foodcourtApi })),
  ),
  '/restaurant': lazyListPage(
    '/restaurant',
    () => import('./pages/restaurant-page').then((m) => ({ default: m.RestaurantPage })),
    () => import('./api').then((m) => ({ url: m.restaurantsUrl, api: m.restaurantListApi })),
  ),
};
