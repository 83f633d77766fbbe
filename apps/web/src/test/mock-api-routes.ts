import { vi } from 'vitest';

export type MockRequest = { body: Record<string, unknown>; query: URLSearchParams; path: string };
export type MockReply = { status?: number; body: unknown };
export type MockHandler = (request: MockRequest) => MockReply;

/**
 * Stubs fetch for UI unit tests. Handlers are keyed "METHOD path" (path under /v2/bck without the query string,
 * e.g. "GET vendor/users"); unknown requests answer 404. Answers are wrapped as successes unless they carry a
 * status of 400 or more. The real API is exercised by the server's tests and the browser journeys.
 */
export function mockApiRoutes(handlers: Record<string, MockHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = decodeURIComponent(url.pathname.replace(/^\/v2\/bck\//, ''));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const handler = handlers[`${method} ${path}`];
    const reply: MockReply = handler
      ? handler({ body, query: url.searchParams, path })
      : { status: 404, body: { result: 'failure', message: 'Not found', extras: { code: 'notFound' } } };
    const status = reply.status ?? 200;
    const json = status >= 400 ? reply.body : { result: 'success', ...(reply.body as object) };
    return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
