import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import Provider, { errors, type Interaction } from 'oidc-provider';
import { renderErrorPage, renderLoginPage } from './interaction-page.js';

/**
 * A small OpenID provider built on oidc-provider: the demo identity provider mounted at /demo-idp and the
 * provider the tests start on their own port share this code. It keeps its state in memory (fine for a
 * demo and for tests; it is not meant to run in production).
 */

export type IdpAccount = { sub: string; email: string; name: string };
export type IdpClient = { client_id: string; client_secret: string; redirect_uris: string[] };

export type OidcProviderOptions = {
  issuer: string;
  clients: IdpClient[];
  findAccount: (sub: string) => Promise<IdpAccount | undefined>;
  /** Keys that sign the provider's cookies. */
  cookieKeys: string[];
  /** Trust X-Forwarded-* (behind a TLS-terminating proxy). */
  trustProxy?: boolean;
  onError?: (err: unknown) => void;
};

const generateKeyPair = promisify(crypto.generateKeyPair);

const ERROR_TITLE = 'Sign-in failed';
const EXPIRED = 'This sign-in request has expired or was already used. Go back to Control Desk and start again.';

/** Path of the interaction pages, below the issuer's path (the provider sends browsers there). */
export const interactionBase = (issuer: string) => `${new URL(issuer).pathname.replace(/\/$/, '')}/interaction`;

export async function createOidcProvider(o: OidcProviderOptions): Promise<Provider> {
  // Signing keys live as long as the process: tokens are exchanged within seconds of being issued.
  const { privateKey } = await generateKeyPair('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256', kid: crypto.randomUUID() };
  const base = interactionBase(o.issuer);

  const provider = new Provider(o.issuer, {
    clients: o.clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    async findAccount(_ctx, sub) {
      const account = await o.findAccount(sub);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        claims: async () => ({ sub: account.sub, email: account.email, email_verified: true, name: account.name }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${base}/${interaction.uid}` },
    cookies: { keys: o.cookieKeys },
    jwks: { keys: [jwk] },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = renderErrorPage(ERROR_TITLE, out.error_description ?? out.error ?? 'The request was refused.');
    },
  });
  provider.proxy = o.trustProxy ?? false;
  provider.on('server_error', (_ctx, err) => o.onError?.(err));
  return provider;
}

export type IdpHandlerOptions = {
  /** Returns the account id when the e-mail and password are right. */
  checkPassword: (email: string, password: string) => Promise<string | undefined>;
  title?: string;
  /** Shown under the form (the demo names its account there). */
  hint?: string;
  emailPlaceholder?: string;
  clientName?: string;
  onError?: (err: unknown) => void;
};

/**
 * A node (req, res) handler serving the provider and its interaction pages. It expects paths relative to
 * the issuer: mount it under the issuer's path (middie strips the prefix) or serve it at the root when the
 * issuer has no path.
 */
export function createIdpHandler(provider: Provider, o: IdpHandlerOptions) {
  const callback = provider.callback();
  const base = interactionBase(provider.issuer);
  const title = o.title ?? 'Demo identity provider';

  const send = (res: ServerResponse, status: number, html: string) => {
    res.statusCode = status;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.end(html);
  };

  const loginPage = (interaction: Interaction, extra: { email?: string; error?: string } = {}) =>
    renderLoginPage({
      title,
      action: `${base}/${interaction.uid}/login`,
      abortAction: `${base}/${interaction.uid}/abort`,
      clientName: o.clientName ?? 'Control Desk',
      email: extra.email ?? interaction.params.login_hint,
      error: extra.error,
      hint: o.hint,
      emailPlaceholder: o.emailPlaceholder,
    });

  /** First-party client: the consent prompt is answered by granting what the client asked for. */
  const grantConsent = async (interaction: Interaction) => {
    const { details } = interaction.prompt;
    const accountId = interaction.session?.accountId;
    const clientId = interaction.params.client_id;
    if (!accountId || !clientId) throw new errors.SessionNotFound('interaction has no signed-in account');
    const grant = interaction.grantId
      ? await provider.Grant.find(interaction.grantId)
      : new provider.Grant({ accountId, clientId });
    if (!grant) throw new errors.SessionNotFound('grant not found');
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      grant.addResourceScope(resource, scopes.join(' '));
    }
    const grantId = await grant.save();
    return interaction.grantId ? {} : { grantId };
  };

  const interact = async (req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) => {
    const interaction = await provider.interactionDetails(req, res);
    if (interaction.uid !== uid) throw new errors.SessionNotFound('interaction mismatch');
    const method = req.method ?? 'GET';

    if (!action && method === 'GET') {
      if (interaction.prompt.name === 'login') return send(res, 200, loginPage(interaction));
      if (interaction.prompt.name === 'consent') {
        const consent = await grantConsent(interaction);
        return provider.interactionFinished(req, res, { consent }, { mergeWithLastSubmission: true });
      }
      return send(res, 400, renderErrorPage(ERROR_TITLE, `Unsupported sign-in step: ${interaction.prompt.name}`));
    }
    if (action === 'login' && method === 'POST') {
      if (interaction.prompt.name !== 'login') throw new errors.SessionNotFound('not a login prompt');
      const form = await readForm(req);
      const email = (form.get('email') ?? '').trim();
      const accountId = email ? await o.checkPassword(email, form.get('password') ?? '') : undefined;
      if (!accountId) return send(res, 200, loginPage(interaction, { email, error: 'Incorrect e-mail or password.' }));
      return provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
    }
    if (action === 'abort' && method === 'POST') {
      const result = { error: 'access_denied', error_description: 'The sign-in was cancelled.' };
      return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    }
    res.setHeader('allow', action ? 'POST' : 'GET');
    return send(res, 405, renderErrorPage(ERROR_TITLE, 'Method not allowed.'));
  };

  return (req: IncomingMessage, res: ServerResponse): void => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const match = /^\/interaction\/([\w-]{1,100})(?:\/(login|abort))?\/?$/.exec(path);
    if (!match) {
      void callback(req, res);
      return;
    }
    interact(req, res, match[1]!, match[2]).catch((err: unknown) => {
      if (res.headersSent) return res.destroy();
      if (err instanceof errors.SessionNotFound) return send(res, 400, renderErrorPage(ERROR_TITLE, EXPIRED));
      if (err instanceof FormTooLarge) return send(res, 413, renderErrorPage(ERROR_TITLE, err.message));
      o.onError?.(err);
      send(res, 500, renderErrorPage(ERROR_TITLE, 'Something went wrong. Go back to Control Desk and try again.'));
    });
  };
}

class FormTooLarge extends Error {}

async function readForm(req: IncomingMessage, limit = 16_384): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new FormTooLarge('The form is too large.');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
