import http from 'node:http';
import net from 'node:net';
import { createIdpHandler, createOidcProvider } from '../src/modules/sso/idp/oidc-idp.js';

/**
 * Test helpers for single sign-on: a real OpenID provider (the demo provider's code) on its own port, and
 * a tiny browser (fetch with manual redirects and a cookie jar) to walk through it.
 */

export type TestAccount = { email: string; name: string; password: string };

export type TestProvider = { issuer: string; close: () => Promise<void> };

export async function startTestProvider(o: {
  client: { client_id: string; client_secret: string; redirect_uris: string[] };
  accounts: TestAccount[];
}): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const byEmail = new Map(o.accounts.map((a) => [a.email.toLowerCase(), a]));

  const provider = await createOidcProvider({
    issuer,
    clients: [o.client],
    findAccount: async (sub) => {
      const a = byEmail.get(sub);
      return a && { sub, email: a.email, name: a.name };
    },
    cookieKeys: ['test-provider-cookie-key'],
    onError: (err) => console.error('test provider error', err),
  });
  server.on(
    'request',
    createIdpHandler(provider, {
      title: 'Test identity provider',
      checkPassword: async (email, password) => {
        const a = byEmail.get(email.toLowerCase());
        return a && a.password === password ? email.toLowerCase() : undefined;
      },
    }),
  );
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type StoredCookie = { name: string; value: string; path: string };

/** A browser as far as sign-in needs one: cookies per origin (with paths), redirects followed by hand. */
export class TestBrowser {
  readonly #jar = new Map<string, Map<string, StoredCookie>>();

  cookie(origin: string, name: string): string | undefined {
    return [...(this.#jar.get(origin)?.values() ?? [])].find((c) => c.name === name)?.value;
  }

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const jar = this.#jar.get(target.origin);
    const cookies = [...(jar?.values() ?? [])].filter((c) => pathMatches(c.path, target.pathname));
    const headers = new Headers(init.headers);
    if (cookies.length) headers.set('cookie', cookies.map((c) => `${c.name}=${c.value}`).join('; '));
    // Browsers send Origin on every state-changing fetch (the server's same-origin check relies on it).
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin')) headers.set('origin', target.origin);
    const res = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.store(target, res.headers.getSetCookie());
    return res;
  }

  store(url: URL, setCookies: string[]): void {
    let jar = this.#jar.get(url.origin);
    if (!jar) this.#jar.set(url.origin, (jar = new Map()));
    for (const header of setCookies) {
      const [pair = '', ...attributes] = header.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = new Map(attributes.map((a) => [a.split('=')[0]!.toLowerCase(), a.split('=').slice(1).join('=')]));
      const path = attr.get('path') || defaultPath(url.pathname);
      const maxAge = attr.get('max-age');
      const expires = attr.get('expires');
      const gone = (maxAge !== undefined && Number(maxAge) <= 0) || (expires && Date.parse(expires) <= Date.now());
      if (gone) jar.delete(`${name};${path}`);
      else jar.set(`${name};${path}`, { name, value, path });
    }
  }

  /**
   * Follows redirects from `url` until a page answers (returned as `page`) or the next address satisfies
   * `stop` (returned as `stoppedAt`, not fetched).
   */
  async follow(url: string | URL, stop: (next: URL) => boolean, init?: RequestInit) {
    let current = new URL(url);
    let res = await this.fetch(current, init);
    for (let hops = 0; hops < 15; hops++) {
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { page: res, url: current };
      const next = new URL(location, current);
      if (stop(next)) return { stoppedAt: next };
      current = next;
      res = await this.fetch(current);
    }
    throw new Error(`too many redirects from ${String(url)}`);
  }
}

const pathMatches = (cookiePath: string, requestPath: string) =>
  requestPath === cookiePath ||
  (requestPath.startsWith(cookiePath) && (cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/'));

const defaultPath = (pathname: string) => pathname.slice(0, pathname.lastIndexOf('/')) || '/';

/** The action of the page's sign-in form (the first form). */
export function formAction(html: string, base: URL): URL {
  const match = /<form method="post" action="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no form on the page:\n${html}`);
  return new URL(match[1]!.replace(/&amp;/g, '&'), base);
}
