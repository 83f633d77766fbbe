import type { BackgroundJob } from '@cd/core';
import { vi } from 'vitest';

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

type Call = { method: string; path: string; query: URLSearchParams; body: unknown };
type Reply = { status?: number; body: unknown };

/** Stubs fetch: handlers by "METHOD path" (under /v2/bck, without the query); others answer 404. */
export function mockJobsApi(handlers: Record<string, (call: Call) => Reply>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const call = { method, path: url.pathname.replace(/^\/v2\/bck\//, ''), query: url.searchParams, body };
    calls.push(call);
    const handler = handlers[`${method} ${call.path}`];
    const reply = handler
      ? handler(call)
      : { status: 404, body: { result: 'failure', message: 'Not found', extras: { code: 'notFound' } } };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
