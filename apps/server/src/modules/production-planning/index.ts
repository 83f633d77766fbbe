import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { ApiKeysService } from '../api-keys/index.js';
import { productionPlanningRoutes as routes } from './production-planning.routes.js';

/** /production_planning_menuMgmt (page productionPlanning, issue 20 point 5). */
export async function productionPlanningRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: Config; keys: ApiKeysService },
) {
  await routes(app, { db: opts.db });
}
