/**
 * oidc-provider 9 ships no types. This declares only the part the demo identity provider uses; replace it
 * with the `@types/oidc-provider` package (9.12.x) if the server ever needs more of the API.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

  export type AccountClaims = { sub: string; [claim: string]: unknown };
  export type Account = { accountId: string; claims: (use: string, scope: string) => Promise<AccountClaims> };

  export type Interaction = {
    uid: string;
    params: Record<string, unknown> & { client_id?: string; login_hint?: string };
    prompt: {
      name: 'login' | 'consent' | string;
      reasons: string[];
      details: {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
    };
    session?: { accountId?: string; uid?: string };
    grantId?: string;
  };

  export type InteractionResults = {
    login?: { accountId: string; remember?: boolean };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  };

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    static find(id: string): Promise<Grant | undefined>;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export type Configuration = {
    clients?: Record<string, unknown>[];
    findAccount?: (ctx: unknown, sub: string) => Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    features?: Record<string, { enabled: boolean }>;
    interactions?: { url: (ctx: unknown, interaction: Interaction) => Promise<string> | string };
    cookies?: { keys?: string[] };
    jwks?: { keys: Record<string, unknown>[] };
    pkce?: { required?: () => boolean };
    ttl?: Record<string, number>;
    renderError?: (ctx: { type: string; body: string }, out: Record<string, string>, error: Error) => void;
    [option: string]: unknown;
  };

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    readonly Grant: typeof Grant;
    callback(): NodeHandler;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export namespace errors {
    class OIDCProviderError extends Error {
      error: string;
      error_description?: string;
      status: number;
    }
    class SessionNotFound extends OIDCProviderError {}
  }

  export default Provider;
}
