import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/**
 * /promotions (page promotions: offers with trigger code) and /discounts (page offers-discount: trigger auto),
 * one page parameterised by the trigger; each asks for its first rows while its code loads.
 */
export const offerPages: Record<string, LazyPage> = {
  '/promotions': lazyListPage(
    '/promotions',
    () => import('./pages/offers-page').then((m) => ({ default: m.PromotionsPage })),
    () => import('./api').then((m) => ({ url: m.offersUrl, api: m.offerApi, fixedQuery: m.triggerQuery('code') })),
  ),
  '/discounts': lazyListPage(
    '/discounts',
    () => import('./pages/offers-page').then((m) => ({ default: m.DiscountsPage })),
    () => import('./api').then((m) => ({ url: m.offersUrl, api: m.offerApi, fixedQuery: m.triggerQuery('auto') })),
  ),
};
