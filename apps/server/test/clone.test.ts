import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackgroundJob, ClonePreviewAnswer, CloneRun } from '@cd/core';
import { foodItems, foodItemSubmenus, menuClones, restaurants, submenus, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { syncLinkedMenus } from '../src/modules/clone/index.js';
import { backends, sessionCookie } from './harness.js';
import { jobsTestContext } from './jobs-fixtures.js';

const SPICE = 'fc-blr-atrium:spice_route';
const DOSA = 'fc-blr-atrium:dosa_corner';
const GREEN = 'fc-blr-atrium:green_bowl';
const CHAI = 'fc-blr-atrium:chai_point';
const THALI = 'fc-blr-tower-b:daily_thali';
const NOODLE = 'fc-ldn-river:noodle_house';
const ALL = { items: true, prices: true, images: true, submenus: true };

/** Issue 20 point 2: clone with preview, only-missing or overwrite, a job all-or-nothing per target, linked menus. */
describe.each(backends)('menu clone on %s', (backend) => {
  let t: Awaited<ReturnType<typeof jobsTestContext>>;

  beforeAll(async () => {
    t = await jobsTestContext(backend);
  }, 60_000);
  afterAll(async () => t?.close());

  const db = () => t.ctx.database.db;
  const itemsOf = (r: string) =>
    db().select().from(foodItems).where(eq(foodItems.restaurant, r)).orderBy(foodItems.sequence);
  const preview = async (targets: string[], mode = 'only_missing', include = ALL) => {
    const res = await t.admin('POST', '/clone/preview', { source: SPICE, targets, mode, include });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ClonePreviewAnswer;
  };
  const start = async (p: ClonePreviewAnswer, mode = p.mode, include = ALL) => {
    const res = await t.admin('POST', '/clone', {
      source: SPICE,
      mode,
      include,
      targets: p.targets.map((x) => ({ restaurant: x.restaurant, stamp: x.stamp })),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { run: CloneRun; job: BackgroundJob };
  };
  const finish = async (id: string) => {
    const job = await t.waitJob(id, (j) => j.status !== 'in_progress', 30_000);
    const run = (await t.admin('GET', `/clone/runs/${id}`)).json().run as CloneRun;
    return { job, run };
  };

  it('previews per target what will be added, and a target in another currency cannot be chosen', async () => {
    const p = await preview([DOSA, GREEN, NOODLE]);
    expect(p.source).toMatchObject({ restaurant: SPICE, items: 7, categories: 3, submenus: 2 });
    const dosa = p.targets.find((x) => x.restaurant === DOSA)!;
    expect(dosa).toMatchObject({
      name: 'Dosa Corner',
      allowed: true,
      counts: {
        items: { add: 7, change: 0, skip: 0, unchanged: 0 },
        submenus: { add: 2, change: 0, skip: 0, unchanged: 0 },
        categories: { add: 3, change: 0, skip: 0, unchanged: 0 },
      },
      conflicts: [],
    });
    expect(dosa.samples.add).toContain('Paneer Tikka');
    const noodle = p.targets.find((x) => x.restaurant === NOODLE)!;
    expect(noodle.allowed).toBe(false);
    expect(noodle.conflicts[0]).toMatchObject({ kind: 'currency' });
    // A preview changes nothing.
    expect(await itemsOf(DOSA)).toHaveLength(0);
  });

  it('clones into two restaurants as one job: items, categories, submenus with links to the new items', async () => {
    const p = await preview([DOSA, GREEN]);
    const { run, job } = await start(p);
    expect(run).toMatchObject({ status: 'queued', mode: 'only_missing', trigger: 'manual' });
    const done = await finish(job.id);
    expect(done.job).toMatchObject({ status: 'done', type: 'upload' });
    expect(done.job.message).toBe('Cloned Spice Route into 2 of 2 restaurant(s)');
    expect(done.run.status).toBe('done');
    expect(done.run.results.map((r) => r.status)).toEqual(['cloned', 'cloned']);
    for (const r of [DOSA, GREEN]) {
      const items = await itemsOf(r);
      expect(items.map((i) => i.foodname)).toEqual((await itemsOf(SPICE)).map((i) => i.foodname));
      expect(items.every((i) => i.restaurant === r && !i.foodid.startsWith('spice_route'))).toBe(true);
      const [drink] = await db()
        .select()
        .from(submenus)
        .where(and(eq(submenus.restaurant, r), eq(submenus.title, 'Add a drink')));
      const ids = new Set(items.map((i) => i.foodid));
      // The drink options point at this restaurant's own lassi and chai.
      expect(drink!.linked_foodids).toHaveLength(2);
      expect(drink!.linked_foodids.every((f) => ids.has(f))).toBe(true);
      const links = await db()
        .select()
        .from(foodItemSubmenus)
        .where(sql`${foodItemSubmenus.submenuid} in (select submenuid from submenus where restaurant = ${r})`);
      expect(links).toHaveLength(3);
      expect(links.every((l) => ids.has(l.foodid))).toBe(true);
    }
    // A second preview finds nothing missing.
    const again = await preview([DOSA]);
    expect(again.targets[0]!.counts.items).toEqual({ add: 0, change: 0, skip: 7, unchanged: 0 });
  });

  it('overwrite brings matching items in line, keeps what the target locked, and reports it', async () => {
    await db().update(foodItems).set({ price: '199' }).where(eq(foodItems.foodid, 'spice_route_paneer_tikka'));
    await db().update(foodItems).set({ price: '99' }).where(eq(foodItems.foodid, 'spice_route_masala_chai'));
    const [chai] = await db()
      .select()
      .from(foodItems)
      .where(and(eq(foodItems.restaurant, DOSA), eq(foodItems.foodname, 'Masala Chai')));
    await db()
      .update(foodItems)
      .set({ locked_field: ['price'] })
      .where(eq(foodItems.foodid, chai!.foodid));
    const p = await preview([DOSA], 'overwrite');
    const target = p.targets[0]!;
    expect(target.counts.items).toMatchObject({ add: 0, change: 1, unchanged: 6 });
    expect(target.changes).toEqual([{ name: 'Paneer Tikka', fields: ['price'] }]);
    expect(target.conflicts).toEqual([
      { kind: 'locked_field', name: 'Masala Chai', message: '"Masala Chai": price locked there: kept as it is' },
    ]);
    const { job } = await start(p);
    const { run } = await finish(job.id);
    expect(run.results[0]).toMatchObject({ status: 'cloned', conflicts: [{ kind: 'locked_field' }] });
    const items = await itemsOf(DOSA);
    const tikka = items.find((i) => i.foodname === 'Paneer Tikka')!;
    expect(Number(tikka.price)).toBe(199);
    expect(tikka.version).toBe(2);
    expect(Number(items.find((i) => i.foodname === 'Masala Chai')!.price)).toBe(Number(chai!.price));
  });

  it('a restaurant whose menu changed after the preview is left unchanged and the report says why', async () => {
    await db().update(foodItems).set({ price: '211' }).where(eq(foodItems.foodid, 'spice_route_paneer_tikka'));
    const p = await preview([DOSA, GREEN], 'overwrite');
    const before = await itemsOf(GREEN);
    // Someone edits Green Bowl's menu between the preview and the clone.
    const item = before.find((i) => i.foodname === 'Egg Curry')!;
    const got = (await t.admin('GET', `/vendor/fooditem/${item.foodid}`)).json();
    const { foodid: _f, restaurant: _r, updated_at: _u, updated_by: _b, ...fields } = got.fooditem;
    const edit = await t.admin('PUT', `/vendor/fooditem/${item.foodid}`, { ...fields, short_name: 'Eggs' });
    expect(edit.statusCode, edit.body).toBe(200);
    const { job } = await start(p);
    const { job: ended, run } = await finish(job.id);
    const green = run.results.find((r) => r.restaurant === GREEN)!;
    expect(green).toMatchObject({ status: 'left_alone', counts: null, conflicts: [{ kind: 'target_changed' }] });
    expect(green.reason).toMatch(
      /^The menu of Green Bowl changed after the preview \(last change: "Egg Curry" by demo\.admin at .+ UTC\): nothing was changed there/,
    );
    expect(run.results.find((r) => r.restaurant === DOSA)!.status).toBe('cloned');
    expect(ended.message).toBe('Cloned Spice Route into 1 of 2 restaurant(s); left alone: Green Bowl');
    const after = await itemsOf(GREEN);
    expect(after.map((i) => [i.foodid, i.price, i.version])).toEqual(
      before.map((i) => [i.foodid, i.price, i.version + (i.foodid === item.foodid ? 1 : 0)]),
    );
    expect(Number(after.find((i) => i.foodname === 'Paneer Tikka')!.price)).not.toBe(211);
  });

  it.runIf(backend === 'postgres')(
    'an edit that commits while the clone waits for the restaurant leaves it unchanged too',
    async () => {
      await db().update(foodItems).set({ price: '222' }).where(eq(foodItems.foodid, 'spice_route_paneer_tikka'));
      const p = await preview([GREEN], 'overwrite');
      const before = await itemsOf(GREEN);
      let jobId = '';
      // An editor's transaction holds Green Bowl's menu stamp (as every menu write does) while the job starts.
      await db().transaction(async (tx) => {
        await tx.execute(
          sql`update app_state set value = (value::bigint + 1)::text where key = ${`menu_version:${GREEN}`}`,
        );
        await tx.update(foodItems).set({ short_name: 'Curry' }).where(eq(foodItems.foodid, before[3]!.foodid));
        jobId = (await start(p)).job.id;
        await new Promise((r) => setTimeout(r, 1500));
        expect((await t.jobOf(jobId))!.status).toBe('in_progress');
      });
      const { run } = await finish(jobId);
      expect(run.results[0]).toMatchObject({ status: 'left_alone', conflicts: [{ kind: 'target_changed' }] });
      const after = await itemsOf(GREEN);
      expect(Number(after.find((i) => i.foodname === 'Paneer Tikka')!.price)).not.toBe(222);
    },
  );

  it('checks the page and the sites of source and targets; bad bodies get 400 and start nothing', async () => {
    const hash = await hashPassword('CloneTest#2026');
    await db()
      .insert(users)
      .values(
        ['clone.none', 'clone.atrium'].map((userid) => ({
          userid,
          name: userid,
          password_hash: hash,
          login_types: ['password' as const],
          pagepermissionaccess: userid === 'clone.none' ? ['editMenu'] : ['clone'],
          read_only_access: [],
          permissions: [],
          sites: { locations: [], foodcourts: ['fc-blr-atrium'], restaurants: [] },
        })),
      );
    const as = async (userid: string) => {
      const cookie = sessionCookie(
        await t.ctx.app.inject({
          method: 'POST',
          url: '/v2/bck/vendor/password_login',
          payload: { userid, password: 'CloneTest#2026' },
        }),
      )!;
      return (url: string, payload: object) =>
        t.ctx.app.inject({
          method: 'POST',
          url: `/v2/bck${url}`,
          payload,
          headers: { cookie: `cd_session=${cookie}` },
        });
    };
    const runsBefore = (await db().select().from(menuClones)).length;
    const none = await as('clone.none');
    expect((await none('/clone/preview', { source: SPICE, targets: [DOSA] })).statusCode).toBe(403);
    const atrium = await as('clone.atrium');
    expect((await atrium('/clone/preview', { source: SPICE, targets: [CHAI] })).statusCode).toBe(200);
    const outside = await atrium('/clone', {
      source: SPICE,
      mode: 'overwrite',
      targets: [{ restaurant: THALI, stamp: '0' }],
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().extras).toMatchObject({ code: 'restaurantNotFound' });
    const self = await t.admin('POST', '/clone/preview', { source: SPICE, targets: [SPICE] });
    expect(self.statusCode).toBe(400);
    expect(self.body).toContain('clone.sourceIsTarget');
    const nothing = await t.admin('POST', '/clone/preview', {
      source: SPICE,
      targets: [CHAI],
      include: { items: false, prices: true, images: true, submenus: false },
    });
    expect(nothing.statusCode).toBe(400);
    expect((await db().select().from(menuClones)).length).toBe(runsBefore);
    expect(await itemsOf(THALI)).toHaveLength(0);
  });

  it('restaurants linked to a source follow its menu: a change at the source reaches them by itself', async () => {
    const jobs = t.ctx.app.jobs;
    await db()
      .update(restaurants)
      .set({
        settings: sql`${restaurants.settings} || ${JSON.stringify({ rest_linked_menu_restaurants: [CHAI], rest_linked_submenu_restaurants: [THALI] })}::jsonb`,
      })
      .where(eq(restaurants.restaurant, SPICE));
    expect(await syncLinkedMenus(db(), jobs)).toBe(2);
    // Nothing changed at the source since: the next pass starts nothing.
    const waitRuns = async () => {
      for (let i = 0; i < 200; i += 1) {
        const runs = await db().select().from(menuClones).where(eq(menuClones.trigger, 'linked'));
        if (runs.every((r) => r.status === 'done' || r.status === 'error')) return runs;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('linked clones did not finish');
    };
    await waitRuns();
    expect(await syncLinkedMenus(db(), jobs)).toBe(0);
    expect((await itemsOf(CHAI)).map((i) => i.foodname)).toContain('Thali Meal Deal');
    // Submenus only: Daily Thali gets the spice levels but no items (its drink options have no items to link).
    expect(await itemsOf(THALI)).toHaveLength(0);
    const thaliSubs = await db().select().from(submenus).where(eq(submenus.restaurant, THALI));
    expect(thaliSubs.map((s) => s.title)).toEqual(['Spice level']);
    // A change at the source (through the API, which bumps the menu stamp) is followed.
    const got = (await t.admin('GET', '/vendor/fooditem/spice_route_masala_dosa')).json();
    const { foodid: _f, restaurant: _r, updated_at: _u, updated_by: _b, ...fields } = got.fooditem;
    expect(
      (await t.admin('PUT', '/vendor/fooditem/spice_route_masala_dosa', { ...fields, price: 175 })).statusCode,
    ).toBe(200);
    expect(await syncLinkedMenus(db(), jobs)).toBe(2);
    await waitRuns();
    const dosa = (await itemsOf(CHAI)).find((i) => i.foodname === 'Masala Dosa')!;
    expect(Number(dosa.price)).toBe(175);
  });
});
