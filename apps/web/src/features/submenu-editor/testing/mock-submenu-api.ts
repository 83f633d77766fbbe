import { vi } from 'vitest';

type Request = { body: Record<string, unknown>; query: URLSearchParams; path: string };
type Reply = { status?: number; body: unknown };
export type Handler = (request: Request) => Reply;

/**
 * Stubs fetch for the editor's UI tests. Handlers are keyed "METHOD path" (path under /v2/bck, without the query);
 * other requests answer 404. Answers are wrapped as successes unless their status is 400 or more.
 */
export function mockSubmenuApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = decodeURIComponent(url.pathname.replace(/^\/v2\/bck\//, ''));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const handler = handlers[`${method} ${path}`];
    const reply: Reply = handler
      ? handler({ body, query: url.searchParams, path })
      : { status: 404, body: { result: 'failure', message: 'Not found', extras: { code: 'notFound' } } };
    const status = reply.status ?? 200;
    const json = status >= 400 ? reply.body : { result: 'success', ...(reply.body as object) };
    return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** "METHOD path?query" of every call, in order (decoded). */
export function requests(fetchMock: ReturnType<typeof mockSubmenuApi>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${init?.method ?? 'GET'} ${decodeURIComponent(url.pathname.replace(/^\/v2\/bck\//, ''))}${decodeURIComponent(url.search)}`;
  });
}

/** The JSON bodies sent to "METHOD path" (path without query). */
export function bodiesSent(fetchMock: ReturnType<typeof mockSubmenuApi>, request: string): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return `${init?.method ?? 'GET'} ${decodeURIComponent(url.pathname.replace(/^\/v2\/bck\//, ''))}` === request;
    })
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

/** A failure answer as the server gives it. */
export const failure = (status: number, code: string, message: string): Reply => ({
  status,
  body: { result: 'failure', message, extras: { code } },
});
