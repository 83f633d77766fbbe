import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { ApiKeysService } from '../api-keys/index.js';

/** Content (issue 19): HTML pages, the news feed with polls, notifications and banner programs. */
export async function contentRoutes(
  _fastify: FastifyInstance,
  _opts: { db: Db; config: Config; keys: ApiKeysService },
) {}

/** The content tasks of a job-running process: due notifications are sent. */
export function startContentTasks(_db: Db, _config: Config, _log: FastifyBaseLogger) {
  return async () => {};
}
