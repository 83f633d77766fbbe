import { describe, expect, it } from 'vitest';
import { sseFrame } from './events.routes.js';
import { attachmentHeader, insideDir } from './jobs.routes.js';

describe('job files and frames', () => {
  it('keeps file names inside the job directory', () => {
    expect(insideDir('/data/jobs/a', 'menu.xlsx')).toBe('/data/jobs/a/menu.xlsx');
    expect(insideDir('/data/jobs/a', 'sub/menu.xlsx')).toBe('/data/jobs/a/sub/menu.xlsx');
    expect(insideDir('/data/jobs/a', '../b/menu.xlsx')).toBeNull();
    expect(insideDir('/data/jobs/a', '/etc/passwd')).toBeNull();
    expect(insideDir('/data/jobs/a', '')).toBeNull();
    expect(insideDir('/data/jobs/a', '.')).toBeNull();
  });

  it('names attachments with an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentHeader('Spice Route.xlsx')).toBe(
      `attachment; filename="Spice Route.xlsx"; filename*=UTF-8''Spice%20Route.xlsx`,
    );
    expect(attachmentHeader('Café "1".xlsx')).toBe(
      `attachment; filename="Caf_ _1_.xlsx"; filename*=UTF-8''Caf%C3%A9%20%221%22.xlsx`,
    );
  });

  it('writes SSE frames with an id only for logged events', () => {
    expect(sseFrame('job', { id: 'x' }, 7)).toBe('id: 7\nevent: job\ndata: {"id":"x"}\n\n');
    expect(sseFrame('sync', { last_bqsync_time: null })).toBe('event: sync\ndata: {"last_bqsync_time":null}\n\n');
  });
});
