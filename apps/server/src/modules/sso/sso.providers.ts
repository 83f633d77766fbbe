import crypto from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config.js';

/** One configured OpenID Connect provider (an entry of SSO_PROVIDERS). */
const providerSchema = z.strictObject({
  /** Key the web sends back to start sign-in with this provider. */
  sso_action: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'use 1-100 letters, digits, dots, dashes or underscores'),
  actionlabel: z.string().trim().min(1).max(100),
  imageurl: z.string().max(2000).default(''),
  /** Location ids this provider is offered at; ["*"] offers it everywhere. */
  locations: z.array(z.string().trim().min(1).max(100)).min(1),
  issuer: z.url(),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  /** How the client authenticates at the token endpoint; client_secret_basic is the OpenID default. */
  token_endpoint_auth_method: z.enum(['client_secret_basic', 'client_secret_post']).default('client_secret_basic'),
});

export type SsoProvider = z.infer<typeof providerSchema>;

export const DEMO_SSO_ACTION = 'demo_idp';
export const DEMO_IDP_PATH = '/demo-idp';
export const SSO_CALLBACK_PATH = '/v2/bck/vendor/sso_callback';

export const ssoRedirectUri = (config: Config) => `${config.publicUrl}${SSO_CALLBACK_PATH}`;

/** Values of the demo provider derive from the deployment secret, so every process agrees on them. */
export const demoSecret = (secret: string, purpose: string) =>
  crypto.createHmac('sha256', secret).update(`demo-idp:${purpose}`).digest('base64url');

export function demoProvider(config: Config, secret: string): SsoProvider {
  return {
    sso_action: DEMO_SSO_ACTION,
    actionlabel: 'Demo SSO',
    imageurl: '',
    locations: ['*'],
    issuer: `${config.publicUrl}${DEMO_IDP_PATH}`,
    client_id: 'control-desk-demo',
    client_secret: demoSecret(secret, 'client-secret'),
    token_endpoint_auth_method: 'client_secret_basic',
  };
}

/**
 * The providers of this deployment: SSO_PROVIDERS plus the demo provider when DEMO_IDP is on. Throws an
 * error naming the bad entry and field, so a wrong configuration stops the server at start.
 */
export function loadSsoProviders(config: Config, secret: string): SsoProvider[] {
  let raw: unknown = [];
  if (config.SSO_PROVIDERS?.trim()) {
    try {
      raw = JSON.parse(config.SSO_PROVIDERS);
    } catch (err) {
      throw new Error(`Invalid configuration: SSO_PROVIDERS is not valid JSON (${(err as Error).message})`);
    }
  }
  const parsed = z.array(providerSchema).safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) =>
        `  SSO_PROVIDERS${i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}: ${i.message}`,
    );
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const providers = parsed.data;
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const p of providers) {
    if (seen.has(p.sso_action)) problems.push(`sso_action "${p.sso_action}" is listed twice`);
    seen.add(p.sso_action);
    if (config.demoIdp && p.sso_action === DEMO_SSO_ACTION) {
      problems.push(`sso_action "${DEMO_SSO_ACTION}" is reserved for the demo identity provider (DEMO_IDP)`);
    }
    if (config.production && new URL(p.issuer).protocol !== 'https:') {
      problems.push(`issuer of "${p.sso_action}" must use https in production`);
    }
  }
  if (problems.length)
    throw new Error(`Invalid configuration:\n${problems.map((p) => `  SSO_PROVIDERS: ${p}`).join('\n')}`);
  return config.demoIdp ? [...providers, demoProvider(config, secret)] : providers;
}

/** Whether a provider is offered at a location ("" when the sign-in page names none). */
export const offeredAt = (provider: SsoProvider, location: string) =>
  provider.locations.includes('*') || (location !== '' && provider.locations.includes(location));
