import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { categoriesRoutes } from './categories.routes.js';
import { compactRoutes } from './compact.routes.js';
import { itemsRoutes } from './items.routes.js';
import { submenusRoutes } from './submenus.routes.js';

/** The menu API of issue 5 (packages/core/src/contracts/menu.ts): items, categories, menu-mode submenus. */
export async function menuRoutes(app: FastifyInstance, opts: { db: Db }) {
  await app.register(itemsRoutes, opts);
  await app.register(categoriesRoutes, opts);
  await app.register(submenusRoutes, opts);
  await app.register(compactRoutes, opts);
}
