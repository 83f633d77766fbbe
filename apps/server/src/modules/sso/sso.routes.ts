import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientMeta,
  isCorporateUserId,
  loginAnswer,
  loginOptionsAnswer,
  loginOptionsBody,
  ssoCompleteBody,
  ssoStartAnswer,
  ssoStartBody,
} from '@cd/core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { completeSignIn } from '../auth/sign-in.js';
import { findUserByUserid } from '../auth/users.repo.js';
import { loadSsoProviders } from './sso.providers.js';
import { SSO_TTL_MS, SsoService } from './sso.service.js';

type Deps = { db: Db; config: Config; secret: string };

/** Holds a random secret of the browser that started single sign-on; the attempt keeps its SHA-256. */
export const SSO_COOKIE = 'cd_sso';
const SSO_COOKIE_PATH = '/v2/bck/vendor';
const BROWSER_SECRET = /^[A-Za-z0-9_-]{43}$/;

/** The web's page that finishes (or reports) single sign-on. */
const RETURN_PAGE = '/sso-return';

// Not in @cd/core's contracts yet: spec 000 §7 leaves the check-sso payload and answer unnamed.
const checkSsoBody = z.object({ userid: z.string().trim().min(1).max(200), ...clientMeta });
const checkSsoAnswer = z.object({ result: z.literal('success'), sso_login: z.boolean() });

const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(512).optional(),
  error_description: z.string().max(2048).optional(),
});

export async function ssoRoutes(fastify: FastifyInstance, { db, config, secret }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const sso = new SsoService(db, config, loadSsoProviders(config, secret), app.log);
  // Same per-IP limit as the other sign-in calls.
  const loginRateLimit = { max: config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  const ssoOffered = config.SIGN_IN_METHODS.includes('sso');

  const cookieOptions = {
    path: SSO_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.production,
  };
  const browserSecret = (request: FastifyRequest) => {
    const value = request.cookies[SSO_COOKIE];
    return value && BROWSER_SECRET.test(value) ? value : undefined;
  };

  app.post(
    '/vendor/login_options',
    {
      config: { permission: 'public', rateLimit: loginRateLimit },
      schema: {
        tags: ['sign-in'],
        operationId: 'getLoginOptions',
        summary: 'Single sign-on options offered at a location',
        body: loginOptionsBody,
        response: { 200: loginOptionsAnswer },
      },
    },
    async (request) => ({
      result: 'success' as const,
      // SIGN_IN_METHODS without sso: no choices are offered.
      sso_login: ssoOffered ? sso.options(request.body.location.trim()) : [],
    }),
  );

  app.post(
    '/vendor/sso_login',
    {
      config: { permission: 'public', rateLimit: loginRateLimit },
      schema: {
        tags: ['sign-in'],
        operationId: 'startSsoLogin',
        summary: 'Start single sign-on: answers the provider address the browser goes to next',
        body: ssoStartBody,
        response: { 200: ssoStartAnswer },
      },
    },
    async (request, reply) => {
      if (!ssoOffered) throw new AppError(403, 'signInMethodOff', 'Single sign-on is not offered here.');
      // A browser keeps its secret across attempts, so two tabs starting at once do not undo each other.
      const secretValue = browserSecret(request) ?? crypto.randomBytes(32).toString('base64url');
      const { loginToken, redirectUrl } = await sso.start({
        ssoAction: request.body.sso_action,
        location: request.body.location.trim(),
        browserSecret: secretValue,
      });
      reply.setCookie(SSO_COOKIE, secretValue, { ...cookieOptions, maxAge: SSO_TTL_MS / 1000 });
      return { result: 'success' as const, login_token: loginToken, redirecturl: redirectUrl };
    },
  );

  app.get(
    '/vendor/sso_callback',
    {
      config: { permission: 'public', rateLimit: loginRateLimit },
      schema: {
        tags: ['sign-in'],
        operationId: 'ssoCallback',
        summary: "The provider's redirect back; sends the browser on to the web's return page",
        querystring: callbackQuery,
        response: { 302: z.null().describe("Redirect to the web's /sso-return page with status=ok or status=error") },
      },
    },
    async (request, reply) => {
      const params = new URLSearchParams(request.url.split('?')[1] ?? '');
      const outcome = await sso.callback(params, browserSecret(request));
      const target = outcome.ok
        ? `${RETURN_PAGE}?status=ok`
        : `${RETURN_PAGE}?status=error&message=${encodeURIComponent(outcome.message)}`;
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
  );

  app.post(
    '/vendor/sso_complete',
    {
      config: { permission: 'public', rateLimit: loginRateLimit },
      schema: {
        tags: ['sign-in'],
        operationId: 'completeSsoLogin',
        summary: 'Complete single sign-on in the browser that started it',
        body: ssoCompleteBody,
        response: { 200: loginAnswer },
      },
    },
    async (request, reply) => {
      const user = await sso.complete({
        token: request.body.token,
        ssoAction: request.body.sso_action,
        browserSecret: browserSecret(request),
      });
      const answer = await completeSignIn(fastify, db, request, reply, user, {
        method: 'sso',
        sso_action: request.body.sso_action,
      });
      reply.clearCookie(SSO_COOKIE, cookieOptions);
      return answer;
    },
  );

  app.post(
    '/vendor/check_sso',
    {
      config: { permission: 'public', rateLimit: loginRateLimit },
      schema: {
        tags: ['sign-in'],
        operationId: 'checkSso',
        summary: 'Whether a user id must sign in by single sign-on',
        body: checkSsoBody,
        response: { 200: checkSsoAnswer },
      },
    },
    async (request) => {
      const { userid } = request.body;
      if (isCorporateUserId(userid, config.CORPORATE_EMAIL_DOMAIN))
        return { result: 'success' as const, sso_login: true };
      const user = await findUserByUserid(db, userid);
      return { result: 'success' as const, sso_login: user?.only_sso_login === true };
    },
  );
}
