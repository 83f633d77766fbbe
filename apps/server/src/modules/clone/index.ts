import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { ApiKeysService } from '../api-keys/index.js';

/** Placeholder until the module lands (issue 20). */
export async function cloneRoutes(_app: FastifyInstance, _opts: { db: Db; config: Config; keys: ApiKeysService }) {}
