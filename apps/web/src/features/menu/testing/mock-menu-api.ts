import { vi } from 'vitest';

type Request = { body: Record<string, unknown>; query: URLSearchParams; path: string };
type Reply = { status?: number; body: unknown };
type Handler = (request: Request) => Reply;

/**
 * Stubs fetch for the menu page's unit tests. Handlers are keyed "METHOD path" (under /v2/bck, without the
 * query); unknown requests answer 404. Answers are wrapped as successes unless their status is 400 or more.
 */
export function mockMenuApi(handlers: Record<string, Handler>) {
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

/** The JSON bodies sent to "METHOD path". */
export function bodiesSent(fetchMock: ReturnType<typeof mockMenuApi>, request: string): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const path = decodeURIComponent(new URL(String(input), 'http://localhost').pathname.replace(/^\/v2\/bck\//, ''));
      return `${init?.method ?? 'GET'} ${path}` === request;
    })
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}
