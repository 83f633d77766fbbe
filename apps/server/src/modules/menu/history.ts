import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { every } from '../../lib/periodic.js';
import { MenuHistoryService } from './history.service.js';

export { menuHistoryRoutes } from './history.routes.js';

/** A job-running process prunes menu revisions older than MENU_HISTORY_DAYS once an hour (issue 36). */
export function startMenuHistoryPrune(db: Db, keepDays: number, log: FastifyBaseLogger) {
  const service = new MenuHistoryService(db, keepDays);
  return every(db, 3_600_000, () => service.prune(), log, 'menu history prune');
}
