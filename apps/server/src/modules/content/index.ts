import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { every } from '../../lib/periodic.js';
import type { ApiKeysService } from '../api-keys/index.js';
import { bannersRoutes } from './banners.routes.js';
import { notificationsRoutes } from './notifications.routes.js';
import { createNotificationSender, NotificationsService, type NotificationSender } from './notifications.service.js';
import { htmlPagesRoutes } from './pages.routes.js';
import { postsRoutes } from './posts.routes.js';

export {
  createNotificationSender,
  NotificationsService,
  type NotificationMessage,
  type NotificationSender,
} from './notifications.service.js';

/** Content (issue 19): HTML pages, the news feed with polls, notifications and banner programs. */
export async function contentRoutes(
  fastify: FastifyInstance,
  opts: { db: Db; config: Config; keys: ApiKeysService; sender?: NotificationSender },
) {
  await fastify.register(htmlPagesRoutes, opts);
  await fastify.register(postsRoutes, opts);
  await fastify.register(notificationsRoutes, opts);
  await fastify.register(bannersRoutes, opts);
}

/** The content tasks of a job-running process: due notifications are sent (NOTIFICATION_SEND_SECONDS). */
export function startContentTasks(db: Db, config: Config, log: FastifyBaseLogger, sender?: NotificationSender) {
  const service = new NotificationsService(db);
  const send = sender ?? createNotificationSender(config, log);
  return every(db, config.NOTIFICATION_SEND_SECONDS * 1000, () => service.sendDue(send, log), log, 'notification send');
}
