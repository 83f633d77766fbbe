import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/** /campaign (page campaign): asks for its first 10 campaigns while its code loads. */
export const campaignPages: Record<string, LazyPage> = {
  '/campaign': lazyListPage(
    '/campaign',
    () => import('./pages/campaigns-page').then((m) => ({ default: m.CampaignsPage })),
    () => import('./api').then((m) => ({ url: m.campaignsUrl, api: m.campaignApi })),
  ),
};
