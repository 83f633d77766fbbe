import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { SsoOption } from '@cd/core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { assertMaySignIn } from '../auth/login-rules.js';
import { OidcClients } from './sso.clients.js';
import { offeredAt, ssoRedirectUri, type SsoProvider } from './sso.providers.js';
import * as repo from './sso.repo.js';

/** How long the whole round trip (start, provider, callback, completion) may take. */
export const SSO_TTL_MS = 10 * 60_000;
const SCOPE = 'openid email profile';

const START_AGAIN = 'Please start again from the sign-in page.';
const MSG = {
  unknown: `This sign-in is unknown, already finished or was started in another browser. ${START_AGAIN}`,
  otherBrowser: `This sign-in was started in another browser. ${START_AGAIN}`,
  expired: `The sign-in took too long. ${START_AGAIN}`,
  used: `This sign-in has already been completed. ${START_AGAIN}`,
  incomplete: `The sign-in provider sent an incomplete answer. ${START_AGAIN}`,
};

export const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const sameHash = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Outcome of the provider's redirect back to us: the browser is sent on to the web's SSO return page. */
export type CallbackOutcome = { ok: true } | { ok: false; message: string };

export class SsoService {
  readonly #byAction: Map<string, SsoProvider>;
  readonly #clients: OidcClients;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    readonly providers: SsoProvider[],
    private readonly log: FastifyBaseLogger,
  ) {
    this.#byAction = new Map(providers.map((p) => [p.sso_action, p]));
    this.#clients = new OidcClients(log);
  }

  options(location: string): SsoOption[] {
    return this.providers
      .filter((p) => offeredAt(p, location))
      .map((p) => ({ sso_action: p.sso_action, actionlabel: p.actionlabel, imageurl: p.imageurl, location }));
  }

  /** Records the attempt and returns the provider's authorization URL. */
  async start(input: { ssoAction: string; location: string; browserSecret: string }) {
    const provider = this.#byAction.get(input.ssoAction);
    if (!provider) throw badRequest('ssoUnknownProvider', `There is no single sign-on option "${input.ssoAction}".`);
    if (!offeredAt(provider, input.location)) {
      throw badRequest('ssoNotOffered', `${provider.actionlabel} is not offered for this location.`);
    }
    const client = await this.#clients.get(provider);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const loginToken = crypto.randomBytes(32).toString('base64url');
    await repo.deleteStaleSsoLogins(this.db);
    await repo.insertSsoLogin(this.db, {
      login_token: loginToken,
      state,
      nonce,
      code_verifier: codeVerifier,
      sso_action: provider.sso_action,
      location: input.location,
      browser_hash: sha256(input.browserSecret),
      expires_at: new Date(Date.now() + SSO_TTL_MS),
    });
    const url = oidc.buildAuthorizationUrl(client, {
      redirect_uri: ssoRedirectUri(this.config),
      scope: SCOPE,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { loginToken, redirectUrl: url.href };
  }

  /**
   * Handles the provider's redirect: exchanges the code and finds the Control Desk user. The attempt is
   * marked authenticated or failed (with the message the sign-in page shows). Only the browser that started
   * the attempt may finish it here: otherwise someone could start a sign-in, send its link to a victim and
   * complete it with the victim's identity.
   */
  async callback(params: URLSearchParams, browserSecret: string | undefined): Promise<CallbackOutcome> {
    const state = params.get('state');
    if (!state) return { ok: false, message: MSG.incomplete };
    const row = await repo.findSsoLoginByState(this.db, state);
    const fromStarter = !!row && !!browserSecret && sameHash(row.browser_hash, sha256(browserSecret));
    if (!row || (!fromStarter && row.status !== 'pending')) return { ok: false, message: MSG.unknown };
    if (row.status === 'authenticated') return { ok: true }; // the browser reloaded the callback
    if (row.status === 'failed') return { ok: false, message: row.error ?? MSG.unknown };
    if (row.status === 'used') return { ok: false, message: MSG.used };

    const fail = async (message: string): Promise<CallbackOutcome> => {
      await repo.markSsoFailed(this.db, row.login_token, message);
      return { ok: false, message };
    };
    if (!fromStarter) return fail(MSG.otherBrowser);
    if (row.expires_at.getTime() <= Date.now()) return fail(MSG.expired);
    const provider = this.#byAction.get(row.sso_action);
    if (!provider) return fail(`Single sign-on option "${row.sso_action}" is no longer available.`);
    const providerError = params.get('error');
    if (providerError) {
      return fail(`${provider.actionlabel} did not sign you in: ${params.get('error_description') || providerError}`);
    }

    let identity: Identity;
    try {
      identity = await this.#exchange(provider, row, params);
    } catch (err) {
      if (err instanceof AppError) return fail(err.message);
      this.log.warn({ err, sso_action: provider.sso_action }, 'SSO code exchange failed');
      return fail(`${provider.actionlabel} sign-in could not be completed (${describeError(err)}). ${START_AGAIN}`);
    }
    if (!identity.id)
      return fail(`${provider.actionlabel} did not tell us who you are (no e-mail address). ${START_AGAIN}`);
    if (identity.emailVerified === false) {
      return fail(`${provider.actionlabel} has not verified the e-mail address ${identity.id}.`);
    }
    const user = await repo.findUserForIdentity(this.db, identity.id);
    if (!user) return fail(`No Control Desk account uses ${identity.id}`);
    try {
      assertMaySignIn(user, 'sso');
    } catch (err) {
      if (err instanceof AppError) return fail(err.message);
      throw err;
    }
    const marked = await repo.markSsoAuthenticated(this.db, row.login_token, user.id);
    return marked ? { ok: true } : { ok: false, message: MSG.unknown };
  }

  /** Marks an authenticated attempt used (once) and returns its user, ready to be signed in. */
  async complete(input: { token: string; ssoAction: string; browserSecret: string | undefined }): Promise<UserRow> {
    if (!input.browserSecret) throw badRequest('ssoNotFound', MSG.unknown);
    const browserHash = sha256(input.browserSecret);
    const claimed = await repo.claimSsoLogin(this.db, { token: input.token, browserHash, ssoAction: input.ssoAction });
    if (claimed?.user_id) {
      const user = await repo.findUserById(this.db, claimed.user_id);
      if (!user) throw badRequest('ssoNotFound', MSG.unknown);
      assertMaySignIn(user, 'sso');
      return user;
    }
    // Explain why, to the starting browser only: the stored message may name an e-mail address.
    const row = await repo.findSsoLoginByToken(this.db, input.token);
    if (!row || !sameHash(row.browser_hash, browserHash)) throw badRequest('ssoNotFound', MSG.unknown);
    if (row.sso_action !== input.ssoAction) {
      throw badRequest('ssoMismatch', `This sign-in was started with another sign-in option. ${START_AGAIN}`);
    }
    switch (row.status) {
      case 'failed':
        throw badRequest('ssoFailed', row.error ?? MSG.unknown);
      case 'used':
        throw badRequest('ssoAlreadyUsed', MSG.used);
      case 'pending':
        if (row.expires_at.getTime() > Date.now()) {
          throw badRequest('ssoPending', `Sign-in at the provider is not finished yet. ${START_AGAIN}`);
        }
        throw badRequest('ssoExpired', MSG.expired);
      default:
        throw badRequest('ssoExpired', MSG.expired);
    }
  }

  async #exchange(provider: SsoProvider, row: repo.SsoLoginRow, params: URLSearchParams): Promise<Identity> {
    const client = await this.#clients.get(provider);
    const currentUrl = new URL(ssoRedirectUri(this.config));
    currentUrl.search = params.toString();
    const tokens = await oidc.authorizationCodeGrant(client, currentUrl, {
      expectedState: row.state,
      expectedNonce: row.nonce,
      pkceCodeVerifier: row.code_verifier,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('no ID token');
    let claims: Record<string, unknown> = idClaims;
    // Many providers put e-mail and name only in the UserInfo answer for the code flow.
    if (!pickIdentity(claims).email && tokens.access_token) {
      claims = { ...(await oidc.fetchUserInfo(client, tokens.access_token, idClaims.sub)), ...idClaims };
    }
    return pickIdentity(claims);
  }
}

type Identity = { id: string; email: string; emailVerified: boolean | undefined };

/** The e-mail claim names the user; preferred_username, then sub, when the provider gives no e-mail. */
function pickIdentity(claims: Record<string, unknown>): Identity {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const email = text(claims.email);
  const id = email || text(claims.preferred_username) || text(claims.sub);
  const verified = claims.email_verified;
  return { id, email, emailVerified: email && typeof verified === 'boolean' ? verified : undefined };
}

function describeError(err: unknown): string {
  if (err && typeof err === 'object') {
    const e = err as { error?: unknown; error_description?: unknown; message?: unknown };
    if (typeof e.error_description === 'string' && e.error_description) return e.error_description;
    if (typeof e.error === 'string' && e.error) return e.error;
    if (typeof e.message === 'string' && e.message) return e.message;
  }
  return 'unexpected error';
}
