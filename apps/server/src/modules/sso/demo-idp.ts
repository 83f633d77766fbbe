import crypto from 'node:crypto';
import middie from '@fastify/middie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { DEMO_PASSWORD } from '../../db/seed/demo.js';
import { findUserByEmail } from '../auth/users.repo.js';
import { createIdpHandler, createOidcProvider, type IdpAccount } from './idp/oidc-idp.js';
import { DEMO_IDP_PATH, demoProvider, demoSecret, ssoRedirectUri } from './sso.providers.js';

const DEMO_ACCOUNT = 'demo.sso@corp.controldesk.test';

/** Accounts of the demo provider: the Control Desk users allowed to sign in by SSO, by e-mail. */
async function findDemoAccount(db: Db, email: string): Promise<IdpAccount | undefined> {
  const user = await findUserByEmail(db, email);
  if (!user?.email || !user.login_types.includes('sso')) return undefined;
  return { sub: user.email.toLowerCase(), email: user.email, name: user.name };
}

const samePassword = (a: string, b: string) => {
  const [x, y] = [crypto.createHash('sha256').update(a).digest(), crypto.createHash('sha256').update(b).digest()];
  return crypto.timingSafeEqual(x, y);
};

/**
 * Mounts the demo OpenID provider at /demo-idp (DEMO_IDP, on by default outside production): it lets a
 * fresh install try single sign-on with the demo SSO user, password DEMO_PASSWORD. The provider keeps its
 * sessions in memory; its client is the demo provider of sso.providers.ts.
 */
export async function mountDemoIdp(
  app: FastifyInstance,
  config: Config,
  { db, secret }: { db: Db; secret: string },
): Promise<void> {
  const demo = demoProvider(config, secret);
  const onError = (err: unknown) => app.log.error({ err }, 'demo identity provider failed');

  const provider = await createOidcProvider({
    issuer: demo.issuer,
    clients: [
      { client_id: demo.client_id, client_secret: demo.client_secret, redirect_uris: [ssoRedirectUri(config)] },
    ],
    findAccount: (sub) => findDemoAccount(db, sub),
    cookieKeys: [demoSecret(secret, 'cookie-key')],
    trustProxy: config.production,
    onError,
  });
  const handler = createIdpHandler(provider, {
    checkPassword: async (email, password) => {
      const account = await findDemoAccount(db, email);
      return account && samePassword(password, DEMO_PASSWORD) ? account.sub : undefined;
    },
    hint: `Demo account: ${DEMO_ACCOUNT}, password ${DEMO_PASSWORD}`,
    emailPlaceholder: DEMO_ACCOUNT,
    onError,
  });

  // In its own scope, so middie's hook runs only for /demo-idp. The routes exist so that the hook fires;
  // the provider answers every request before they would run.
  await app.register(async (scope) => {
    await scope.register(middie);
    scope.use(DEMO_IDP_PATH, handler);
    const unreachable = async (_request: unknown, reply: FastifyReply) => reply.code(404).send();
    scope.all(DEMO_IDP_PATH, { schema: { hide: true } }, unreachable);
    scope.all(`${DEMO_IDP_PATH}/*`, { schema: { hide: true } }, unreachable);
  });
}
