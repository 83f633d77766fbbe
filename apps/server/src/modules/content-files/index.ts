import multipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { FileStore } from '../../lib/file-store.js';
import { every } from '../../lib/periodic.js';
import type { ApiKeysService } from '../api-keys/index.js';
import { createCampaignSender } from '../marketing/campaigns.service.js';
import { remindDocuments } from './document-reminders.js';
import { documentRoutes } from './documents.routes.js';
import { foodpicRoutes } from './foodpic.routes.js';

export { remindDocuments } from './document-reminders.js';

/** Content files (issue 19): PDF documents per site and food pictures matched to items. */
export async function contentFilesRoutes(
  fastify: FastifyInstance,
  opts: { db: Db; config: Config; files: FileStore; keys: ApiKeysService },
) {
  // Multipart parsing exists only inside this plugin; files stream to disk, never buffered whole.
  await fastify.register(multipart, { throwFileSizeLimit: false });
  await documentRoutes(fastify, opts);
  await foodpicRoutes(fastify, opts);
}

/**
 * Reminders of PDF documents about to expire, in a job-running process: every DOCUMENT_REMIND_SECONDS, each
 * document entering its reminder window is e-mailed once (the campaigns' delivery: SMTP, else the dev outbox).
 * Returns the stop function.
 */
export function startDocumentReminders(db: Db, config: Config, log: FastifyBaseLogger) {
  const sender = createCampaignSender(config, log);
  return every(
    db,
    config.DOCUMENT_REMIND_SECONDS * 1000,
    () => remindDocuments(db, sender, log),
    log,
    'document reminders',
  );
}
