import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { every } from '../../lib/periodic.js';
import { CampaignsService, createCampaignSender, type CampaignSender } from './campaigns.service.js';
import { GroupsService } from './groups.service.js';

export { campaignsRoutes } from './campaigns.routes.js';
export { groupsRoutes } from './groups.routes.js';
export { offersRoutes, quoteRoutes } from './offers.routes.js';
export { OfferBook } from './quote.js';
export { upsellRoutes } from './upsell.routes.js';
export { CampaignsService, createCampaignSender } from './campaigns.service.js';

/** The marketing tasks of a job-running process: due campaigns are sent; rule groups are recounted. */
export function startMarketingTasks(db: Db, config: Config, log: FastifyBaseLogger, sender?: CampaignSender) {
  const campaigns = new CampaignsService(db);
  const send = sender ?? createCampaignSender(config, log);
  const stopSend = every(
    db,
    config.CAMPAIGN_SEND_SECONDS * 1000,
    () => campaigns.sendDue(send, log),
    log,
    'campaign send',
  );
  const stopRefresh = every(
    db,
    config.GROUP_REFRESH_SECONDS * 1000,
    () => new GroupsService(db).refreshAll(),
    log,
    'group refresh',
  );
  return async () => {
    await stopSend();
    await stopRefresh();
  };
}
