import { lazyListPage, type LazyPage } from '../../lib/lazy-page';
import { kindQuery, programApi, programsUrl, rewardApi, rewardsUrl } from './api';

/**
 * /loyalty_points (page loyalty_points: programs of kind points), /loyalty-stamps (page loyalty_stamps: stamp
 * cards), one page parameterised by the kind, and /loyalty-rewards (page loyalty-rewards); each asks for its
 * first rows while its code loads.
 */
export const loyaltyPages: Record<string, LazyPage> = {
  '/loyalty_points': lazyListPage(
    '/loyalty_points',
    () => import('./pages/programs-page').then((m) => ({ default: m.LoyaltyPointsPage })),
    { url: programsUrl, api: programApi, fixedQuery: kindQuery('points') },
  ),
  '/loyalty-stamps': lazyListPage(
    '/loyalty-stamps',
    () => import('./pages/programs-page').then((m) => ({ default: m.LoyaltyStampsPage })),
    { url: programsUrl, api: programApi, fixedQuery: kindQuery('stamps') },
  ),
  '/loyalty-rewards': lazyListPage(
    '/loyalty-rewards',
    () => import('./pages/rewards-page').then((m) => ({ default: m.LoyaltyRewardsPage })),
    { url: rewardsUrl, api: rewardApi },
  ),
};
