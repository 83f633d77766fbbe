import { lazyListPage, type LazyPage } from '../../lib/lazy-page';
import { campaignApi, campaignsUrl } from './api';

/** /campaign (page campaign): asks for its first 10 campaigns while its code loads. */
export const campaignPages: Record<string, LazyPage> = {
  '/campaign': lazyListPage(
    '/campaign',
    () => import('./pages/campaigns-page').then((m) => ({ default: m.CampaignsPage })),
    { url: campaignsUrl, api: campaignApi },
  ),
};
