import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createScratchPostgres } from '../../test/harness.js';
import { openDatabase, type Database } from './client.js';
import { categories, restaurants } from './schema/index.js';
import { seedDemo } from './seed/demo.js';
import { siteDirectoryOf } from './site-directory.js';
import { asSystem, runWithScope, SYSTEM_SCOPE, type DbScope } from './tenant-scope.js';

/**
 * The scope mechanism itself (issue 32): queries run under the scope of the code that sends them, on both
 * drivers, also when callers of different scopes interleave, inside transactions, and after a rollback.
 */
describe.each(backends)('tenant scope on %s', (backend) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let atrium: DbScope;
  let london: DbScope;
  let all = 0;

  beforeAll(async () => {
    const pg = backend === 'postgres' ? await createScratchPostgres() : null;
    drop = pg?.drop;
    database = await openDatabase({ databaseUrl: pg?.url, dataDir: null });
    await seedDemo(database.db);
    const directory = siteDirectoryOf(database.db);
    atrium = await directory.scopeForFoodcourts(['fc-blr-atrium']);
    london = await directory.scopeFor({ locations: ['loc-london'], foodcourts: [], restaurants: [] });
    const [n] = await database.db.select({ n: count() }).from(restaurants);
    all = n!.n;
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const restaurantsSeen = () => database.db.select({ r: restaurants.restaurant }).from(restaurants);

  it('a scoped caller reads only its own sites; the system reads every site', async () => {
    const mine = await runWithScope(atrium, restaurantsSeen);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.r.startsWith('fc-blr-atrium:'))).toBe(true);
    const theirs = await runWithScope(london, restaurantsSeen);
    expect(theirs.every((r) => r.r.startsWith('fc-ldn-'))).toBe(true);
    expect((await restaurantsSeen()).length).toBe(all);
    expect((await runWithScope(SYSTEM_SCOPE, restaurantsSeen)).length).toBe(all);
  });

  it('callers of different scopes at once each get their own rows', async () => {
    const scopes = [atrium, london, SYSTEM_SCOPE];
    const runs = Array.from({ length: 60 }, (_, i) => {
      const scope = scopes[i % 3]!;
      return runWithScope(scope, async () => ({ scope, rows: await restaurantsSeen() }));
    });
    for (const { scope, rows } of await Promise.all(runs)) {
      if (scope === atrium) expect(rows.every((r) => r.r.startsWith('fc-blr-atrium:'))).toBe(true);
      else if (scope === london) expect(rows.every((r) => r.r.startsWith('fc-ldn-'))).toBe(true);
      else expect(rows.length).toBe(all);
    }
  });

  it('a transaction keeps its caller’s scope; asSystem inside it reads everything; a rollback leaves no trace', async () => {
    const seen = await runWithScope(atrium, () =>
      database.db.transaction(async (tx) => {
        const before = await tx.select({ r: restaurants.restaurant }).from(restaurants);
        const system = await asSystem(() => tx.select({ r: restaurants.restaurant }).from(restaurants));
        const after = await tx.select({ r: restaurants.restaurant }).from(restaurants);
        return { before: before.length, system: system.length, after: after.length };
      }),
    );
    expect(seen.system).toBe(all);
    expect(seen.before).toBe(seen.after);
    expect(seen.before).toBeLessThan(all);

    await expect(
      runWithScope(atrium, () =>
        database.db.transaction(async (tx) => {
          await asSystem(() => tx.select().from(restaurants));
          throw new Error('roll back');
        }),
      ),
    ).rejects.toThrow('roll back');
    expect((await runWithScope(atrium, restaurantsSeen)).every((r) => r.r.startsWith('fc-blr-atrium:'))).toBe(true);
    expect((await restaurantsSeen()).length).toBe(all);
  });

  it('a scoped caller cannot write another site’s rows, nor change them', async () => {
    const err = await runWithScope(atrium, () =>
      database.db
        .insert(categories)
        .values({ restaurant: 'fc-ldn-hub:coffee_lab', name: 'Planted by Acme' })
        .then(() => null)
        .catch((e: unknown) => e),
    );
    expect((err as { cause?: { code?: string } })?.cause?.code).toBe('42501');
    const changed = await runWithScope(atrium, () =>
      database.db
        .update(restaurants)
        .set({ name: 'Renamed by Acme' })
        .where(eq(restaurants.restaurant, 'fc-ldn-hub:coffee_lab'))
        .returning(),
    );
    expect(changed).toEqual([]);
    const [row] = await database.db
      .select({ name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.restaurant, 'fc-ldn-hub:coffee_lab'));
    expect(row?.name).not.toBe('Renamed by Acme');
    // The connection's role is the owner again for system work.
    const who = (await database.db.execute(sql`select current_user as u`)) as unknown as { rows: { u: string }[] };
    expect(who.rows[0]?.u).not.toBe('cd_scoped');
  });
});
