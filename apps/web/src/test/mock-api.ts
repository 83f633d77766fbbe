import { vi } from 'vitest';

type Reply = { status?: number; body: unknown };
type Handler = (body: Record<string, unknown>) => Reply;

/**
 * Stubs fetch for UI unit tests: each handler answers one path under /v2/bck. Unknown paths answer 404.
 * The real API is exercised by the server's own tests and the browser journeys.
 */
export function mockApi(handlers: Record<string, Handler> = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString();
    const path = url.replace(/^\/v2\/bck\//, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const handler = handlers[path];
    const reply = handler
      ? handler(body)
      : { status: 404, body: { result: 'failure', message: 'Not found', extras: { code: 'notFound' } } };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The paths the stub was called with, in order. */
export function calledPaths(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input).replace(/^\/v2\/bck\//, ''));
}
