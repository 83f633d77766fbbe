import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { menuSyncRuns } from '../../db/schema/index.js';
import type { JobEnd } from '../jobs/job-types.js';

/**
 * What a run still queued or running says once its sync's job has ended as error: a queued one was never sent;
 * a running one was being sent, and the target may or may not have received it (a delivery cannot be undone).
 */
export function unfinishedExcerpt(status: string, end: Pick<JobEnd, 'reason' | 'message'>): string {
  const why = end.reason === 'interrupted' ? 'the server running it stopped' : end.message;
  return status === 'running'
    ? `Interrupted while sending to this target (${why}): it may or may not have received the menu. Sync again to be sure.`
    : `Interrupted: the sync stopped before this target (${why}); nothing was sent to it.`;
}

/**
 * The sync's `onError` hook (job-types.ts JobHooks): when the job system ends a sync's job as error — its worker
 * died, or the handler threw — its runs still queued or running end as error, saying which of the two they were.
 */
export async function endSyncRuns(tx: DbOrTx, end: JobEnd): Promise<void> {
  for (const status of ['queued', 'running']) {
    await tx
      .update(menuSyncRuns)
      .set({ status: 'error', response_excerpt: unfinishedExcerpt(status, end), finished_at: new Date() })
      .where(and(eq(menuSyncRuns.job_id, end.id), eq(menuSyncRuns.status, status)));
  }
}
