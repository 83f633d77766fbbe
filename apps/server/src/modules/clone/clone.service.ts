import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  CLONE_SAMPLE_SIZE,
  planClone,
  planCounts,
  type CloneInclude,
  type CloneMode,
  type ClonePreviewAnswer,
  type ClonePreviewBody,
  type ClonePreviewTarget,
  type CloneRun,
  type CloneStartBody,
  type CloneTargetResult,
} from '@cd/core';
import type { z } from 'zod';
import type { cloneRunsQuery } from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import { foodcourts, menuClones, restaurants, type MenuCloneRow, type UserRow } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import type { JobContext, JobEnqueuer, JobOutcome } from '../jobs/job-types.js';
import { loadMenuRestaurant, restidOf, type MenuRestaurant } from '../menu/menu-access.js';
import { applyClonePlan, cloneStamp, lastMenuChange, leftAlone, loadCloneMenu, lockStamp } from './clone-menu.js';

export const CLONE_QUEUE = 'menu-clone';

type Target = { restaurant: string; stamp: string };

function previewOf(
  r: MenuRestaurant,
  stamp: string,
  sourceCurrency: string,
  plan: ReturnType<typeof planClone>,
): ClonePreviewTarget {
  const names = (action: string) =>
    plan.items
      .filter((i) => i.action === action)
      .slice(0, CLONE_SAMPLE_SIZE)
      .map((i) => i.source.foodname);
  const currencyDiffers = !!sourceCurrency && !!r.currency && sourceCurrency !== r.currency;
  return {
    restaurant: r.restaurant,
    name: r.name,
    stamp,
    allowed: !currencyDiffers,
    counts: planCounts(plan),
    samples: { add: names('add'), change: names('change'), skip: names('skip') },
    changes: plan.items
      .flatMap((i) => (i.action === 'change' ? [{ name: i.source.foodname, fields: i.fields }] : []))
      .slice(0, CLONE_SAMPLE_SIZE),
    conflicts: currencyDiffers
      ? [
          {
            kind: 'currency',
            name: r.name,
            message: `${r.name} sells in ${r.currency}, the source in ${sourceCurrency}: prices cannot be copied`,
          },
          ...plan.conflicts,
        ]
      : plan.conflicts,
  };
}

const toRun = (row: MenuCloneRow, sourceName: string): CloneRun => ({
  id: row.id,
  source_restaurant: row.source_restaurant,
  source_name: sourceName,
  mode: row.mode as CloneMode,
  trigger: row.trigger === 'linked' ? 'linked' : 'manual',
  include: row.include as CloneInclude,
  targets: row.targets,
  status: row.status as CloneRun['status'],
  results: row.results as CloneTargetResult[],
  created_by: row.created_by,
  created_at: row.created_at.toISOString(),
  finished_at: row.finished_at?.toISOString() ?? null,
});

/** Runs whose source is one of the user's sites (all for administrators). */
function visibleRuns(user: UserRow): SQL | undefined {
  if (user.admin) return undefined;
  const { restaurants: rs, foodcourts: fcs, locations } = user.sites;
  const within = [
    rs.length ? inArray(restaurants.restaurant, rs) : undefined,
    fcs.length ? inArray(restaurants.foodcourt, fcs) : undefined,
    locations.length ? inArray(foodcourts.location, locations) : undefined,
  ].filter((x): x is SQL => !!x);
  return within.length ? or(...within) : sql`false`;
}

export class CloneService {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobEnqueuer,
  ) {}

  async preview(body: ClonePreviewBody, user: UserRow): Promise<ClonePreviewAnswer> {
    const source = await loadMenuRestaurant(this.db, body.source, user);
    const targets = [];
    for (const t of body.targets) targets.push(await loadMenuRestaurant(this.db, t, user));
    const sourceMenu = await loadCloneMenu(this.db, source.restaurant);
    const previews: ClonePreviewTarget[] = [];
    for (const t of targets) {
      const stamp = await cloneStamp(this.db, t.restaurant);
      const targetMenu = await loadCloneMenu(this.db, t.restaurant);
      previews.push(previewOf(t, stamp, source.currency, planClone(sourceMenu, targetMenu, body.mode, body.include)));
    }
    return {
      result: 'success',
      source: {
        restaurant: source.restaurant,
        name: source.name,
        items: sourceMenu.items.length,
        categories: sourceMenu.categories.length,
        submenus: sourceMenu.submenus.length,
      },
      mode: body.mode,
      targets: previews,
    };
  }

  async start(body: CloneStartBody, user: UserRow) {
    const source = await loadMenuRestaurant(this.db, body.source, user);
    const names: string[] = [];
    for (const t of body.targets) names.push((await loadMenuRestaurant(this.db, t.restaurant, user)).name);
    return this.enqueue(this.db, {
      source,
      targets: body.targets,
      mode: body.mode,
      include: body.include,
      userid: user.userid,
      trigger: 'manual',
      title: `Menu clone from ${source.name} into ${names.join(', ')}`.slice(0, 200),
    });
  }

  /** Creates the run and its job in one transaction (the caller's, for linked syncs). */
  async enqueue(
    tx: DbOrTx,
    a: {
      source: Pick<MenuRestaurant, 'restaurant' | 'name'>;
      targets: Target[];
      mode: CloneMode;
      include: CloneInclude;
      userid: string;
      trigger: 'manual' | 'linked';
      title: string;
    },
  ) {
    const id = this.jobs.newJobId();
    const run = async (t: DbOrTx) => {
      const [row] = await t
        .insert(menuClones)
        .values({
          id,
          source_restaurant: a.source.restaurant,
          mode: a.mode,
          trigger: a.trigger,
          include: a.include,
          targets: a.targets,
          created_by: a.userid,
        })
        .returning();
      const job = await this.jobs.enqueue(t, {
        id,
        queue: CLONE_QUEUE,
        userid: a.userid,
        type: 'upload',
        title: a.title,
        mainTitle: 'Menu clone',
        restId: a.source.restaurant,
        actionType: 'clone',
        data: { run: id },
      });
      return { run: toRun(row!, a.source.name), job };
    };
    return tx === this.db ? this.db.transaction(run) : run(tx);
  }

  async runs(query: z.infer<typeof cloneRunsQuery>, user: UserRow) {
    const where = and(
      visibleRuns(user),
      query.source ? eq(menuClones.source_restaurant, query.source) : undefined,
      query.search ? sql`${restaurants.name} ilike ${`%${query.search}%`}` : undefined,
    );
    const base = () =>
      this.db
        .select({ row: menuClones, name: restaurants.name })
        .from(menuClones)
        .innerJoin(restaurants, eq(restaurants.restaurant, menuClones.source_restaurant))
        .innerJoin(foodcourts, eq(foodcourts.foodcourt, restaurants.foodcourt))
        .where(where);
    const [rows, [total]] = await Promise.all([
      base()
        .orderBy(
          ...(query.sort && query.order === 'asc'
            ? [menuClones.created_at, menuClones.id]
            : [desc(menuClones.created_at), desc(menuClones.id)]),
        )
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      this.db
        .select({ n: count() })
        .from(menuClones)
        .innerJoin(restaurants, eq(restaurants.restaurant, menuClones.source_restaurant))
        .innerJoin(foodcourts, eq(foodcourts.foodcourt, restaurants.foodcourt))
        .where(where),
    ]);
    return { runs: rows.map((r) => toRun(r.row, r.name)), total: total?.n ?? 0 };
  }

  async run(id: string, user: UserRow): Promise<CloneRun> {
    const [found] = await this.db
      .select({ row: menuClones, name: restaurants.name })
      .from(menuClones)
      .innerJoin(restaurants, eq(restaurants.restaurant, menuClones.source_restaurant))
      .innerJoin(foodcourts, eq(foodcourts.foodcourt, restaurants.foodcourt))
      .where(and(eq(menuClones.id, id), visibleRuns(user)));
    if (!found) throw notFound('cloneNotFound', `Clone ${id} does not exist`);
    return toRun(found.row, found.name);
  }
}

/** A restaurant by id with the fields a clone needs, without a user's site check (the job runs as the system). */
async function restaurantOf(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      restaurant: restaurants.restaurant,
      restid: restaurants.restid,
      name: restaurants.name,
      currency: sql<string | null>`${restaurants.details}->>'currency'`,
    })
    .from(restaurants)
    .where(eq(restaurants.restaurant, id));
  return row ? { ...row, currency: row.currency ?? '' } : undefined;
}

const appendResult = (tx: DbOrTx, id: string, result: CloneTargetResult) =>
  tx
    .update(menuClones)
    .set({ results: sql`${menuClones.results} || ${JSON.stringify([result])}::jsonb`, updated_at: new Date() })
    .where(eq(menuClones.id, id));

/**
 * The clone job: each target in its own transaction, so a target is cloned whole or not at all. The target's
 * menu stamp is locked first; if it is not the one the preview showed, the target is left alone and the
 * report says why. A deadlock or serialization failure with a concurrent edit is reported the same way.
 */
export async function cloneJob(ctx: JobContext): Promise<JobOutcome> {
  const db = ctx.db;
  const id = String(ctx.data.run ?? '');
  const [run] = await db.select().from(menuClones).where(eq(menuClones.id, id));
  if (!run) return { status: 'error', message: `Clone ${id} does not exist` };
  await db.update(menuClones).set({ status: 'running', updated_at: new Date() }).where(eq(menuClones.id, id));
  const source = await restaurantOf(db, run.source_restaurant);
  if (!source) return { status: 'error', message: `Restaurant ${run.source_restaurant} does not exist` };
  const include = run.include as CloneInclude;
  const mode = run.mode as CloneMode;
  const done = new Set((run.results as CloneTargetResult[]).map((r) => r.restaurant));
  const results: CloneTargetResult[] = [...(run.results as CloneTargetResult[])];
  const total = run.targets.length;
  for (const [i, t] of run.targets.entries()) {
    await ctx.progress(i, total);
    if (done.has(t.restaurant)) continue;
    const target = await restaurantOf(db, t.restaurant);
    let result: CloneTargetResult;
    if (!target) {
      result = leftAlone({ restaurant: t.restaurant, name: t.restaurant }, 'The restaurant no longer exists', {
        kind: 'failed',
        name: t.restaurant,
        message: 'The restaurant no longer exists',
      });
      await appendResult(db, id, result);
    } else {
      try {
        result = await db.transaction(async (tx) => {
          const stamp = await lockStamp(tx, target.restaurant);
          if (t.stamp && stamp !== t.stamp) {
            const why = `The menu of ${target.name} changed after the preview${await lastMenuChange(tx, target.restaurant)}: nothing was changed there. Preview again to include it.`;
            const r = leftAlone(target, why, { kind: 'target_changed', name: target.name, message: why });
            await appendResult(tx, id, r);
            return r;
          }
          if (source.currency && target.currency && source.currency !== target.currency) {
            const why = `${target.name} sells in ${target.currency}, the source in ${source.currency}: nothing was changed there`;
            const r = leftAlone(target, why, { kind: 'currency', name: target.name, message: why });
            await appendResult(tx, id, r);
            return r;
          }
          const [sourceMenu, targetMenu] = [
            await loadCloneMenu(tx, source.restaurant),
            await loadCloneMenu(tx, target.restaurant),
          ];
          const plan = planClone(sourceMenu, targetMenu, mode, include);
          const applied = await applyClonePlan(tx, {
            plan,
            source: source.restaurant,
            target: { restaurant: target.restaurant, restid: restidOf(target) },
            sourceMenu,
            targetMenu,
            include,
            mode,
            actor: run.created_by,
            runId: id,
          });
          const c = applied.counts;
          const r: CloneTargetResult = {
            restaurant: target.restaurant,
            name: target.name,
            status: applied.changed ? 'cloned' : 'unchanged',
            reason: applied.changed
              ? `${c.items.add} items added, ${c.items.change} changed, ${c.items.skip} left as they were; ${c.submenus.add} submenus added, ${c.submenus.change} changed`
              : 'Already the same as the source: nothing to change',
            counts: c,
            conflicts: plan.conflicts,
          };
          await appendResult(tx, id, r);
          return r;
        });
      } catch (err) {
        const code = (err as { code?: string }).code;
        const concurrent = code === '40P01' || code === '40001';
        const why = concurrent
          ? `The menu of ${target.name} was being edited while the clone ran: nothing was changed there. Clone it again.`
          : `Cloning into ${target.name} failed: ${(err as Error).message}. Nothing was changed there.`;
        ctx.log.warn(`clone ${id} into ${target.restaurant}: ${(err as Error).message}`);
        result = leftAlone(target, why, {
          kind: concurrent ? 'target_changed' : 'failed',
          name: target.name,
          message: why,
        });
        await appendResult(db, id, result);
      }
    }
    results.push(result);
  }
  await ctx.progress(total, total);
  const cloned = results.filter((r) => r.status === 'cloned').length;
  const same = results.filter((r) => r.status === 'unchanged').length;
  const alone = results.filter((r) => r.status === 'left_alone');
  const message =
    `Cloned ${source.name} into ${cloned} of ${total} restaurant(s)` +
    (same ? `; ${same} already the same` : '') +
    (alone.length ? `; left alone: ${alone.map((r) => r.name).join(', ')}` : '');
  const outcome: JobOutcome = { status: alone.length === total ? 'error' : 'done', message };
  await db.transaction(async (tx) => {
    await tx
      .update(menuClones)
      .set({ status: outcome.status, finished_at: new Date(), updated_at: new Date() })
      .where(eq(menuClones.id, id));
    await ctx.complete(tx, outcome);
  });
  return outcome;
}
