import { describe, expect, it } from 'vitest';
import { applyEvent, baseName, downloadsTurnedDone, fromList, jobFiles, sortedJobs } from './job-store';
import { job } from '../../test/jobs';

describe('job store', () => {
  it('a start answer never undoes a state the stream already sent', () => {
    const running = job();
    const done = { ...running, status: 'done' as const };
    const map = applyEvent(new Map(), { kind: 'job', job: done });
    expect(applyEvent(map, { kind: 'started', job: running }).get(running.id)?.status).toBe('done');
    expect(applyEvent(new Map(), { kind: 'started', job: running }).get(running.id)?.status).toBe('in_progress');
  });

  it('keeps only upload, download and erase jobs, newest first', () => {
    const old = job({ start_ts: '2026-01-01T00:00:00.000Z' });
    const recent = job({ start_ts: '2026-06-01T00:00:00.000Z' });
    const other = { ...job(), type: 'report' } as unknown as ReturnType<typeof job>;
    expect(sortedJobs(fromList([old, other, recent])).map((j) => j.id)).toEqual([recent.id, old.id]);
  });

  it('finds the files, their names and the downloads that just finished', () => {
    expect(jobFiles({ filepath: '' })).toEqual([]);
    expect(jobFiles({ filepath: 'a/b.xlsx' })).toEqual(['a/b.xlsx']);
    expect(baseName('jobs/1/Spice Route.xlsx')).toBe('Spice Route.xlsx');
    const d = job({ type: 'download' });
    const before = fromList([d]);
    const after = applyEvent(before, { kind: 'job', job: { ...d, status: 'done' } });
    expect(downloadsTurnedDone(before, after).map((j) => j.id)).toEqual([d.id]);
    expect(downloadsTurnedDone(after, after)).toEqual([]);
  });
});
