import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/**
 * /loyalty_points (page loyalty_points: programs of kind points), /loyalty-stamps (page loyalty_stamps: stamp
 * cards), one page parameterised by the kind, and /loyalty-rewards (page loyalty-rewards); each asks for its
 * first rows while its code loads.
 */
export const loyaltyPages: Record<string, LazyPage> = {
  '/loyalty_points': lazyListPage(
    '/loyalty_points',
    () => import('./pages/programs-page').then((m) => ({ default: m.LoyaltyPointsPage })),
    () => import('./api').then((m) => ({ url: m.programsUrl, api: m.programApi, fixedQuery: m.kindQuery('points') })),
  ),
  '/loyalty-stamps': lazyListPage(
    '/loyalty-stamps',
    () => import('./pages/programs-page').then((m) => ({ default: m.LoyaltyStampsPage })),
    () => import('./api').then((m) => ({ url: m.programsUrl, api: m.programApi, fixedQuery: m.kindQuery('stamps') })),
  ),
  '/loyalty-rewards': lazyListPage(
    '/loyalty-rewards',
    () => import('./pages/rewards-page').then((m) => ({ default: m.LoyaltyRewardsPage })),
    () => import('./api').then((m) => ({ url: m.rewardsUrl, api: m.rewardApi })),
  ),
};
