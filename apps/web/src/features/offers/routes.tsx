import { lazyListPage, type LazyPage } from '../../lib/lazy-page';
import { offerApi, offersUrl, triggerQuery } from './api';

/**
 * /promotions (page promotions: offers with trigger code) and /discounts (page offers-discount: trigger auto),
 * one page parameterised by the trigger; each asks for its first rows while its code loads.
 */
export const offerPages: Record<string, LazyPage> = {
  '/promotions': lazyListPage(
    '/promotions',
    () => import('./pages/offers-page').then((m) => ({ default: m.PromotionsPage })),
    { url: offersUrl, api: offerApi, fixedQuery: triggerQuery('code') },
  ),
  '/discounts': lazyListPage(
    '/discounts',
    () => import('./pages/offers-page').then((m) => ({ default: m.DiscountsPage })),
    { url: offersUrl, api: offerApi, fixedQuery: triggerQuery('auto') },
  ),
};
