import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { every } from '../../lib/periodic.js';
import { MenuChangesService } from './changes.service.js';
import { MenuHistoryService } from './history.service.js';

export { menuHistoryRoutes } from './history.routes.js';
export { menuChangesRoutes } from './changes.routes.js';

/** A job-running process prunes menu revisions older than MENU_HISTORY_DAYS once an hour (issue 36). */
export function startMenuHistoryPrune(db: Db, keepDays: number, log: FastifyBaseLogger) {
  const service = new MenuHistoryService(db, keepDays);
  return every(db, 3_600_000, () => service.prune(), log, 'menu history prune');
}

/** A job-running process publishes the scheduled menu changes that are due every MENU_CHANGE_SECONDS (issue 36). */
export function startMenuChanges(db: Db, everySeconds: number, log: FastifyBaseLogger) {
  const service = new MenuChangesService(db);
  return every(db, everySeconds * 1000, () => service.publishDue(log), log, 'menu change publish');
}
