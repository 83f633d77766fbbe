import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Tenant isolation by construction (issue 32, docs/security.md "Scope"). Every query runs under a database scope:
 *
 * - `system`: the connecting role, which owns the tables and is not held by row-level security. Background work,
 *   sign-in, administrators and API keys for every food court run so.
 * - a site scope: the queries run as the role `cd_scoped`, and the row-level security policies of every
 *   tenant-owned table (migration 0021_tenant_scope.sql) read the caller's sites from the setting `cd.scope`. A
 *   query cannot reach a row of a site outside the scope, whatever the route or service forgot.
 *
 * The scope of a query is the one of the async context it runs in (AsyncLocalStorage): the request plugin
 * (plugins/tenant-scope.ts) sets it for every request from the signed-in user, the API key or the device; the
 * database drivers (db/scoped-driver.ts) put it on the connection before each query when it differs.
 */

/** The sites a scoped caller reaches, expanded (see db/site-directory.ts), as the policies read them. */
export type SiteSets = {
  /** Restaurants (given, or inside a food court or organisation given whole). */
  r: string[];
  /** Food courts given whole (or inside an organisation given whole). */
  f: string[];
  /** Food courts seen: `f` and the food courts of the restaurants in `r`. */
  fv: string[];
  /** Organisations given whole. */
  l: string[];
  /** Organisations seen: `l` and the organisations of the food courts in `fv`. */
  lv: string[];
  /** Clients of the restaurants of the organisations seen. */
  c: string[];
};

export type DbScope =
  | { kind: 'system' }
  | {
      kind: 'sites';
      sets: SiteSets;
      /** `JSON.stringify(sets)`: the value of `cd.scope`, and the key that tells whether a connection has it. */
      json: string;
    };

export const SYSTEM_SCOPE: DbScope = { kind: 'system' };

/** The role scoped queries run as; the migration creates it and the policies name it. */
export const SCOPED_ROLE = 'cd_scoped';

export function sitesScope(sets: SiteSets): DbScope {
  const sorted: SiteSets = {
    r: [...new Set(sets.r)].sort(),
    f: [...new Set(sets.f)].sort(),
    fv: [...new Set(sets.fv)].sort(),
    l: [...new Set(sets.l)].sort(),
    lv: [...new Set(sets.lv)].sort(),
    c: [...new Set(sets.c)].sort(),
  };
  return { kind: 'sites', sets: sorted, json: JSON.stringify(sorted) };
}

/** The key a connection's state is compared with: '' for system, else the scope's JSON. */
export const scopeKey = (scope: DbScope) => (scope.kind === 'system' ? '' : scope.json);

type Store = { scope: DbScope };
const storage = new AsyncLocalStorage<Store>();

/** The scope of the code running now: system outside any request or explicit scope. */
export function currentDbScope(): DbScope {
  return storage.getStore()?.scope ?? SYSTEM_SCOPE;
}

/**
 * Runs `fn` (and everything it starts) under `scope`. What `fn` returns is awaited inside the scope: a drizzle
 * query is a lazy thenable that runs only when awaited, and would otherwise run in the caller's scope.
 */
export function runWithScope<T>(scope: DbScope, fn: () => T | PromiseLike<T>): Promise<T> {
  return storage.run({ scope }, async () => await fn());
}

/**
 * Runs `fn` as the system, whatever the caller's scope: only for work that is not the caller's reading or
 * changing of tenant data (loading the caller's own session or key, the site directory, background machinery).
 */
export function asSystem<T>(fn: () => T | PromiseLike<T>): Promise<T> {
  return runWithScope(SYSTEM_SCOPE, fn);
}

/**
 * Opens a request's scope store (system until the caller is known) and runs the rest of the request in it. The
 * store is mutable, so the scope set later in the request (setRequestScope) holds for everything after.
 */
export function enterRequestScope(next: () => void): void {
  storage.run({ scope: SYSTEM_SCOPE }, next);
}

/** Sets the scope of the current request (its store from enterRequestScope). */
export function setRequestScope(scope: DbScope): void {
  const store = storage.getStore();
  if (!store) throw new Error('setRequestScope outside a request scope (is the tenant-scope plugin registered?)');
  store.scope = scope;
}

/**
 * Widens the current request's scope by sites the caller has just been given in this request (a new organisation
 * they created is theirs before the request ends). System scope stays system.
 */
export function extendRequestScope(sites: Partial<SiteSets>): void {
  const store = storage.getStore();
  if (!store || store.scope.kind === 'system') return;
  const s = store.scope.sets;
  store.scope = sitesScope({
    r: [...s.r, ...(sites.r ?? [])],
    f: [...s.f, ...(sites.f ?? [])],
    fv: [...s.fv, ...(sites.fv ?? []), ...(sites.f ?? [])],
    l: [...s.l, ...(sites.l ?? [])],
    lv: [...s.lv, ...(sites.lv ?? []), ...(sites.l ?? [])],
    c: [...s.c, ...(sites.c ?? [])],
  });
}
