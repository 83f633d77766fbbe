import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import { AppError } from '../../lib/errors.js';
import type { SsoProvider } from './sso.providers.js';

const RETRY_DELAY_MS = 500;
/** Seconds each call to a provider may take. */
const REQUEST_TIMEOUT_S = 10;

/**
 * OpenID client configurations, discovered lazily on first use and kept per provider (issuer and client).
 * A failed discovery is retried once, then reported; it is not cached, so the next sign-in tries again.
 */
export class OidcClients {
  readonly #entries = new Map<string, Promise<oidc.Configuration>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  get(provider: SsoProvider): Promise<oidc.Configuration> {
    const key = `${provider.issuer}\n${provider.client_id}`;
    let entry = this.#entries.get(key);
    if (!entry) {
      entry = this.#discover(provider);
      this.#entries.set(key, entry);
      entry.catch(() => this.#entries.delete(key));
    }
    return entry;
  }

  async #discover(provider: SsoProvider): Promise<oidc.Configuration> {
    const issuer = new URL(provider.issuer);
    const auth =
      provider.token_endpoint_auth_method === 'client_secret_post'
        ? oidc.ClientSecretPost(provider.client_secret)
        : oidc.ClientSecretBasic(provider.client_secret);
    // Plain http is refused at start in production (sso.providers.ts); dev and tests use local providers.
    const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
    for (let attempt = 1; ; attempt++) {
      try {
        return await oidc.discovery(issuer, provider.client_id, undefined, auth, {
          execute,
          timeout: REQUEST_TIMEOUT_S,
        });
      } catch (err) {
        this.log.warn({ err, issuer: provider.issuer, attempt }, 'OpenID discovery failed');
        if (attempt >= 2) {
          throw new AppError(
            502,
            'ssoProviderUnavailable',
            `${provider.actionlabel} cannot be reached right now. Please try again in a moment.`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      }
    }
  }
}
