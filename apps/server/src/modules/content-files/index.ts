import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { FileStore } from '../../lib/file-store.js';
import type { ApiKeysService } from '../api-keys/index.js';

/** Content files (issue 19): PDF documents per site and food pictures matched to items. */
export async function contentFilesRoutes(
  _fastify: FastifyInstance,
  _opts: { db: Db; config: Config; files: FileStore; keys: ApiKeysService },
) {}

/** Reminders of PDF documents about to expire, in a job-running process. */
export function startDocumentReminders(_db: Db, _config: Config, _log: FastifyBaseLogger) {
  return async () => {};
}
