import { JOB_TYPES, type BackgroundJob } from '@cd/core';

/** The signed-in user's jobs by id, as the panel knows them. */
export type JobMap = ReadonlyMap<string, BackgroundJob>;

/**
 * A change from the event stream, or `started`: a start answer, the job's first state, which never replaces a
 * state already known (the stream may have sent a later one first).
 */
export type JobEvent =
  { kind: 'job'; job: BackgroundJob } | { kind: 'started'; job: BackgroundJob } | { kind: 'deleted'; id: string };

const shownTypes = new Set<string>(JOB_TYPES);

/** Only the panel's types (upload, download, erase) are kept (spec 000 §7). */
export function applyEvent(map: JobMap, event: JobEvent): JobMap {
  const next = new Map(map);
  if (event.kind === 'deleted') next.delete(event.id);
  else if (event.kind === 'started' && map.has(event.job.id)) return map;
  else if (shownTypes.has(event.job.type)) next.set(event.job.id, event.job);
  return next;
}

export function fromList(list: readonly BackgroundJob[]): JobMap {
  return list.reduce<JobMap>((map, job) => applyEvent(map, { kind: 'job', job }), new Map());
}

/** Descending code-unit order: ISO times and ids need no collator (building one costs a start ~10 ms). */
const descending = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

/** Newest first. */
export function sortedJobs(map: JobMap): BackgroundJob[] {
  return [...map.values()].sort((a, b) => descending(a.start_ts, b.start_ts) || descending(a.id, b.id));
}

/** The result files of a job, in order ('' or [] while running). */
export function jobFiles(job: Pick<BackgroundJob, 'filepath'>): string[] {
  const paths = Array.isArray(job.filepath) ? job.filepath : [job.filepath];
  return paths.filter((path) => path !== '');
}

/** A path's last segment: what the user sees of a stored file. */
export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/** Download jobs that were running in `prev` and are done in `next`: their files download by themselves. */
export function downloadsTurnedDone(prev: JobMap, next: JobMap): BackgroundJob[] {
  return [...next.values()].filter(
    (job) => job.type === 'download' && job.status === 'done' && prev.get(job.id)?.status === 'in_progress',
  );
}
