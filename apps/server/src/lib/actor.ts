import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema/index.js';

/** Who makes a change and from where: what services write to the audit trail. */
export type Actor = { user: UserRow; ip: string };

/** The actor of a request. Only for guarded routes: the permission guard has made sure there is a user. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw new Error(`${request.method} ${request.url}: no signed-in user (is the route guarded?)`);
  return { user: request.user, ip: request.ip };
}
