import { and, eq, inArray } from 'drizzle-orm';
import type { CloneTargetResult } from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { menuClones, restaurants } from '../../db/schema/index.js';
import type { JobEnd } from '../jobs/job-types.js';
import { leftAlone } from './clone-menu.js';

/**
 * The clone's `onError` hook (job-types.ts JobHooks): when the job system ends a clone's job as error — its worker
 * died (kill -9, out of memory, a restart), or the handler failed before recording its end — the run in
 * menu_clones ends as error too, instead of staying "running". Every target without a result is reported as left
 * alone, and truly so: a target is cloned in ONE transaction that also appends its result (clone.service.ts
 * cloneJob), so a target with no result had nothing of its clone committed. The targets that have a result were
 * finished before the stop and keep it.
 */
export async function endCloneRun(tx: DbOrTx, end: JobEnd): Promise<void> {
  const [run] = await tx
    .select()
    .from(menuClones)
    .where(and(eq(menuClones.id, end.id), inArray(menuClones.status, ['queued', 'running'])))
    .for('update');
  if (!run) return;
  const results = run.results as CloneTargetResult[];
  const finished = new Set(results.map((r) => r.restaurant));
  const missing = run.targets.filter((t) => !finished.has(t.restaurant));
  const ids = missing.map((t) => t.restaurant);
  const named = ids.length
    ? await tx
        .select({ restaurant: restaurants.restaurant, name: restaurants.name })
        .from(restaurants)
        .where(inArray(restaurants.restaurant, ids))
    : [];
  const names = new Map(named.map((r) => [r.restaurant, r.name]));
  const stopped = missing.map((t) => {
    const name = names.get(t.restaurant) ?? t.restaurant;
    const why =
      end.reason === 'interrupted'
        ? `The clone was interrupted before ${name} was done (the server running it stopped): nothing was changed there. Clone it again.`
        : `The clone stopped before ${name} was done (${end.message}): nothing was changed there.`;
    return leftAlone({ restaurant: t.restaurant, name }, why, { kind: 'failed', name, message: why });
  });
  await tx
    .update(menuClones)
    .set({ status: 'error', results: [...results, ...stopped], finished_at: new Date(), updated_at: new Date() })
    .where(eq(menuClones.id, end.id));
}
