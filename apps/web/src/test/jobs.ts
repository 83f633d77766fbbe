import type { BackgroundJob } from '@cd/core';
import { mockApiRoutes, type MockCall, type MockHandler } from './mock-api-routes';

let next = 0;

/** A background job with sensible defaults. */
export function job(overrides: Partial<BackgroundJob> = {}): BackgroundJob {
  next += 1;
  return {
    id: `job-${next}`,
    userid: 'demo.admin',
    type: 'upload',
    status: 'in_progress',
    filename: 'menu.xlsx',
    filepath: '',
    error_file: '',
    start_ts: new Date(2026, 10, 21, 15, 5).toISOString(),
    end_ts: null,
    title: 'Menu upload for Spice Route',
    restId: 'fc-blr-atrium:spice_route',
    actionId: '',
    actionType: '',
    mainTitle: '',
    showTimestamp: true,
    progress: { done: 0, total: 0 },
    message: '',
    ...overrides,
  };
}

/**
 * Stubs fetch for the jobs panel and the pages that start jobs: handlers give whole envelopes (not wrapped).
 * `calls` fills with every request as it is made (multipart uploads keep their FormData).
 */
export function mockJobsApi(handlers: Record<string, MockHandler>) {
  const calls: MockCall[] = [];
  const fetchMock = mockApiRoutes(handlers, { wrap: false, record: calls });
  return { fetchMock, calls };
}
