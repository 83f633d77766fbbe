import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, locations, users, type UserRow } from '../src/db/schema/index.js';
import { AppError, notFound } from '../src/lib/errors.js';
import { deleteVersioned, updateVersioned } from '../src/lib/versioned.js';
import { createTestContext, type TestContext } from './harness.js';

/** lib/versioned.ts: the one versioned update/delete every service uses. */
describe('versioned writes', () => {
  let ctx: TestContext;
  let actor: { user: UserRow; ip: string };
  const change = (version: number, before: typeof locations.$inferSelect) => ({
    table: locations,
    where: eq(locations.location, before.location),
    version,
    actor,
    entity: 'location',
    entityId: before.location,
    what: `Organisation ${before.location}`,
    before,
  });
  const load = async (id: string) =>
    (await ctx.database.db.select().from(locations).where(eq(locations.location, id)))[0]!;
  const failure = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (err) {
      return err as AppError;
    }
    throw new Error('expected a failure');
  };

  beforeAll(async () => {
    ctx = await createTestContext('pglite');
    const [admin] = await ctx.database.db.select().from(users).where(eq(users.userid, 'demo.admin'));
    actor = { user: admin!, ip: '10.0.0.1' };
    await ctx.database.db
      .insert(locations)
      .values({ location: 'loc-v', name: 'Versioned', updated_by: 'someone.else' });
  });
  afterAll(async () => ctx.close());

  it('updates the version it was given, stamps who and when, and audits before and after', async () => {
    const db = ctx.database.db;
    const before = await load('loc-v');
    const row = await db.transaction((tx) => updateVersioned(tx, { ...change(1, before), set: { name: 'Renamed' } }));
    expect(row).toMatchObject({ name: 'Renamed', version: 2, updated_by: 'demo.admin' });
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'location'), eq(auditLog.entity_id, 'loc-v')));
    expect(entry).toMatchObject({ actor: 'demo.admin', action: 'update', ip: '10.0.0.1' });
    expect(entry!.before).toMatchObject({ name: 'Versioned', version: 1 });
    expect(entry!.after).toMatchObject({ name: 'Renamed', version: 2 });
  });

  it('answers 409 naming who saved first, and changes nothing', async () => {
    const before = await load('loc-v');
    const err = await failure(() =>
      ctx.database.db.transaction((tx) => updateVersioned(tx, { ...change(1, before), set: { name: 'Stale' } })),
    );
    expect(err).toMatchObject({ statusCode: 409, code: 'versionConflict', extras: { current_version: 2 } });
    expect(err.message).toBe(
      'Organisation loc-v was changed by demo.admin since you opened it. Reload to see the changes.',
    );
    expect((await load('loc-v')).name).toBe('Renamed');
  });

  it('deletes only the version it saw, and answers missing() once the row is gone', async () => {
    const db = ctx.database.db;
    const before = await load('loc-v');
    expect(await failure(() => db.transaction((tx) => deleteVersioned(tx, change(1, before))))).toMatchObject({
      statusCode: 409,
    });
    await db.transaction((tx) => deleteVersioned(tx, change(2, before)));
    expect(await db.select().from(locations).where(eq(locations.location, 'loc-v'))).toEqual([]);
    const gone = await failure(() =>
      db.transaction((tx) =>
        updateVersioned(tx, {
          ...change(2, before),
          set: { name: 'Late' },
          missing: () => notFound('locationNotFound', 'Organisation loc-v does not exist'),
        }),
      ),
    );
    expect(gone).toMatchObject({ statusCode: 404, code: 'locationNotFound' });
    const deletes = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'delete'), eq(auditLog.entity_id, 'loc-v')));
    expect(deletes).toHaveLength(1);
  });
});
