import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { counters, foodcourts, restaurants, users } from './schema/index.js';
import { asSystem, sitesScope, SYSTEM_SCOPE, type DbScope } from './tenant-scope.js';

/** How long the organisation tree is believed without reading it again (a change made here is seen at once). */
export const SITE_DIRECTORY_TTL_MS = 2_000;

type Tree = {
  /** food court → organisation */
  fcLocation: Map<string, string>;
  restaurants: { restaurant: string; foodcourt: string; client: string | null }[];
};

/** The sites a user is given, as stored on the user (UserSites). */
export type GivenSites = { locations: string[]; foodcourts: string[]; restaurants: string[] };

/**
 * The organisation tree (organisation → food court → restaurant, and each restaurant's client), read as the
 * system and kept briefly, from which a caller's database scope is expanded (db/tenant-scope.ts). Expansions are
 * remembered per tree read, so a busy caller's scope is one map lookup.
 */
export class SiteDirectory {
  private tree: { at: number; value: Tree; scopes: Map<string, DbScope> } | null = null;
  private loading: Promise<Tree> | null = null;
  private generation = 0;

  constructor(private readonly db: Db) {}

  /** Forget the tree: the next scope reads it again (call after a site is added, changed or removed). */
  invalidate(): void {
    this.tree = null;
    this.generation++;
  }

  private async load(): Promise<{ value: Tree; scopes: Map<string, DbScope> }> {
    if (this.tree && Date.now() - this.tree.at < SITE_DIRECTORY_TTL_MS) return this.tree;
    const generation = this.generation;
    this.loading ??= asSystem(async () => {
      try {
        const [fcs, rests] = await Promise.all([
          this.db.select({ foodcourt: foodcourts.foodcourt, location: foodcourts.location }).from(foodcourts),
          this.db
            .select({
              restaurant: restaurants.restaurant,
              foodcourt: restaurants.foodcourt,
              client: restaurants.client,
            })
            .from(restaurants),
        ]);
        return { fcLocation: new Map(fcs.map((f) => [f.foodcourt, f.location])), restaurants: rests };
      } finally {
        this.loading = null;
      }
    });
    const value = await this.loading;
    // A change made while reading invalidated the tree: keep the read for this caller only.
    if (generation !== this.generation) return { value, scopes: new Map() };
    this.tree = { at: Date.now(), value, scopes: new Map() };
    return this.tree;
  }

  /** The scope of a user: administrators are the system; others reach their sites. */
  async scopeForUser(user: { admin: boolean; sites: GivenSites }): Promise<DbScope> {
    if (user.admin) return SYSTEM_SCOPE;
    return this.scopeFor(user.sites);
  }

  /** The scope of an API key or a device: its food courts (an API key without any reaches every site). */
  async scopeForFoodcourts(fcs: string[]): Promise<DbScope> {
    if (fcs.length === 0) return SYSTEM_SCOPE;
    return this.scopeFor({ locations: [], foodcourts: fcs, restaurants: [] });
  }

  /**
   * The scope of a background job: that of the user who started it, read when it runs (a user who lost sites
   * since reaches only what they have now; one who is gone or inactive reaches nothing). `system` is the system.
   */
  async scopeForUserid(userid: string): Promise<DbScope> {
    if (userid === 'system') return SYSTEM_SCOPE;
    const [user] = await asSystem(() =>
      this.db
        .select({ admin: users.admin, sites: users.sites, status: users.status })
        .from(users)
        .where(eq(users.userid, userid)),
    );
    if (!user || user.status !== 'active') return this.scopeFor({ locations: [], foodcourts: [], restaurants: [] });
    return this.scopeForUser(user);
  }

  /** The food court of a device's counter (devices carry their counter, not their site). */
  async foodcourtOfCounter(counterId: number): Promise<string | null> {
    const [row] = await asSystem(() =>
      this.db.select({ foodcourt: counters.foodcourt }).from(counters).where(eq(counters.id, counterId)),
    );
    return row?.foodcourt ?? null;
  }

  async scopeFor(given: GivenSites): Promise<DbScope> {
    const { value: tree, scopes } = await this.load();
    const key = JSON.stringify([given.locations, given.foodcourts, given.restaurants]);
    const known = scopes.get(key);
    if (known) return known;
    const scope = sitesScope(expand(tree, given));
    scopes.set(key, scope);
    return scope;
  }
}

/** Given sites → the sets the policies read (see SiteSets). */
function expand(tree: Tree, given: GivenSites) {
  const l = new Set(given.locations);
  const f = new Set(given.foodcourts);
  for (const [fc, loc] of tree.fcLocation) if (l.has(loc)) f.add(fc);
  const r = new Set(given.restaurants);
  for (const rest of tree.restaurants) if (f.has(rest.foodcourt)) r.add(rest.restaurant);
  const fv = new Set(f);
  for (const rest of tree.restaurants) if (r.has(rest.restaurant)) fv.add(rest.foodcourt);
  const lv = new Set(l);
  for (const fc of fv) {
    const loc = tree.fcLocation.get(fc);
    if (loc) lv.add(loc);
  }
  const c = new Set<string>();
  for (const rest of tree.restaurants) {
    const loc = tree.fcLocation.get(rest.foodcourt);
    if (rest.client && loc && lv.has(loc)) c.add(rest.client);
  }
  return { r: [...r], f: [...f], fv: [...fv], l: [...l], lv: [...lv], c: [...c] };
}

const directories = new WeakMap<object, SiteDirectory>();

/** The one directory of a database handle (the API plugin and the services that change sites share it). */
export function siteDirectoryOf(db: Db): SiteDirectory {
  let directory = directories.get(db);
  if (!directory) {
    directory = new SiteDirectory(db);
    directories.set(db, directory);
  }
  return directory;
}
