import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginAnswer } from '@cd/core';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { clearSignInFailures } from './sign-in-throttle.js';

/**
 * What every successful sign-in does, whichever way it came (password, phone or e-mail code, SSO): rotates the
 * session and sets its cookie, forgives the account's failed passwords (the per-account throttle), writes the audit
 * row naming the method, and answers with the user's name.
 */
export async function completeSignIn(
  app: FastifyInstance,
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  how: { method: string } & Record<string, unknown>,
): Promise<LoginAnswer> {
  await app.signIn(request, reply, user);
  await clearSignInFailures(db, user.userid);
  await audit(db, {
    actor: user.userid,
    action: 'sign_in',
    entity: 'user',
    entityId: user.userid,
    after: how,
    ip: request.ip,
  });
  return { result: 'success', message: 'Login successful', extras: { name: user.name } };
}
