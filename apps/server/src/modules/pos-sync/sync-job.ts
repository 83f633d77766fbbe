import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { SYNC_FORMATS, SYNC_REASON_MAX, type SyncRun } from '@cd/core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { menuSyncRuns, menuSyncTargets, type MenuSyncRunRow, type UserRow } from '../../db/schema/index.js';
import type { JobContext, JobHandler, JobOutcome } from '../jobs/job-types.js';
import { loadMenuRestaurant } from '../menu/menu-access.js';
import { deliver, statusReason } from './sync-delivery.js';
import { menuPayload, posItemsPayload } from './sync-payload.js';

export const POS_SYNC_QUEUE = 'pos-sync';
export type SyncMode = 'pos' | 'aggregator';
export type PosSyncData = { restaurant: string; mode: SyncMode; runs: number[] };

/**
 * The log shows a target's HTTP status and a reason we wrote, never what the target answered: for a run with a
 * status the reason is derived from the status (rows logged before this rule kept up to 2 KB of the answer in
 * `response_excerpt`; they are never shown), otherwise it is our own message (network error, refusal, …).
 */
export const runView = (r: MenuSyncRunRow): SyncRun => ({
  id: r.id,
  job_id: r.job_id,
  target_id: r.target_id,
  target_name: r.target_name,
  kind: r.kind as SyncRun['kind'],
  restaurant: r.restaurant,
  status: r.status as SyncRun['status'],
  item_count: r.item_count,
  request_bytes: r.request_bytes,
  response_status: r.response_status,
  response_excerpt:
    r.response_status !== null ? statusReason(r.response_status) : r.response_excerpt.slice(0, SYNC_REASON_MAX),
  attempts: r.attempts,
  created_by: r.created_by,
  started_at: r.started_at?.toISOString() ?? null,
  finished_at: r.finished_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});

/** The same content gives the same key (generated_at left out), so a receiver may skip a repeat. */
export const idempotencyKey = (payload: Record<string, unknown>) => {
  const { generated_at: _ignored, ...content } = payload;
  return crypto.createHash('sha256').update(JSON.stringify(content)).digest('hex');
};

/** The job reads the restaurant as the system (the route checked the user's sites when it started the job). */
const SYSTEM = { admin: true } as UserRow;

/**
 * Job `pos-sync` (data {restaurant, mode, runs}): builds the body once (pos: the POS item list; aggregator: the
 * full menu), then POSTs it to each run's target in turn and records every answer on its run row. Each run row
 * is its own small write (a delivery cannot be undone, so there is nothing to roll back); the job is done when
 * every target took the body, error otherwise.
 */
export function posSyncHandler(
  config: Pick<Config, 'publicUrl' | 'OUTBOUND_ALLOW_HOSTS'>,
  backoff?: number[],
): JobHandler {
  return async (ctx: JobContext): Promise<JobOutcome> => {
    const db = ctx.db as Db;
    const data = ctx.data as PosSyncData;
    const runs = await db.select().from(menuSyncRuns).where(inArray(menuSyncRuns.id, data.runs));
    const fail = async (message: string) => {
      await db
        .update(menuSyncRuns)
        .set({ status: 'error', response_excerpt: message, finished_at: new Date() })
        .where(inArray(menuSyncRuns.id, data.runs));
      const outcome: JobOutcome = { status: 'error', message };
      await ctx.complete(db, outcome);
      return outcome;
    };
    let payload: Record<string, unknown> & { items: unknown[] };
    try {
      const r = await loadMenuRestaurant(db, data.restaurant, SYSTEM);
      payload = data.mode === 'pos' ? await posItemsPayload(db, r) : await menuPayload(db, r, config.publicUrl);
    } catch (err) {
      return fail(`The menu could not be read: ${(err as Error).message}`);
    }
    const body = JSON.stringify(payload);
    const bytes = Buffer.byteLength(body);
    const key = idempotencyKey(payload);
    let ok = 0;
    await ctx.progress(0, runs.length);
    for (const [i, run] of runs.entries()) {
      const [target] = await db.select().from(menuSyncTargets).where(eq(menuSyncTargets.id, run.target_id));
      await db
        .update(menuSyncRuns)
        .set({ status: 'running', started_at: new Date(), item_count: payload.items.length, request_bytes: bytes })
        .where(eq(menuSyncRuns.id, run.id));
      if (!target) {
        await db
          .update(menuSyncRuns)
          .set({ status: 'error', response_excerpt: 'The target was deleted', finished_at: new Date() })
          .where(eq(menuSyncRuns.id, run.id));
        continue;
      }
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'user-agent': 'ControlDesk-MenuSync/1',
        'idempotency-key': key,
        'x-controldesk-format': data.mode === 'pos' ? SYNC_FORMATS.pos : SYNC_FORMATS.aggregator,
        'x-controldesk-run': String(run.id),
        'x-controldesk-job': ctx.job.id,
      };
      if (target.auth_header) headers.authorization = target.auth_header;
      // The allow-list is read at each send: the address is checked again now (DNS and the list may have changed).
      const policy = { allow: config.OUTBOUND_ALLOW_HOSTS };
      const result = await deliver({ url: target.url, body, headers, policy, ...(backoff ? { backoff } : {}) });
      if (result.ok) ok += 1;
      await db
        .update(menuSyncRuns)
        .set({
          status: result.ok ? 'done' : 'error',
          response_status: result.status,
          response_excerpt: result.reason,
          attempts: result.attempts,
          finished_at: new Date(),
        })
        .where(eq(menuSyncRuns.id, run.id));
      await ctx.progress(i + 1, runs.length);
    }
    const what = data.mode === 'pos' ? 'POS item list' : 'Menu';
    const outcome: JobOutcome =
      ok === runs.length
        ? { status: 'done', message: `${what} sent to ${ok} target(s)` }
        : { status: 'error', message: `${what} sent to ${ok} of ${runs.length} target(s); see the sync log` };
    await ctx.complete(db, outcome);
    return outcome;
  };
}
