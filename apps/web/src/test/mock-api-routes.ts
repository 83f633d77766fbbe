import { vi } from 'vitest';

export type MockRequest = { method: string; body: Record<string, unknown>; query: URLSearchParams; path: string };
export type MockReply = { status?: number; body: unknown; headers?: Record<string, string> };
export type MockHandler = (request: MockRequest) => MockReply;
export type MockCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type Options = {
  /** Wrap answers below 400 as `{result: 'success', ...body}` (default); off when handlers give whole envelopes. */
  wrap?: boolean;
  /** Each request is appended here as it is made (JSON bodies parsed; FormData kept). */
  record?: MockCall[];
};

const pathOf = (url: URL) => decodeURIComponent(url.pathname.replace(/^\/v2\/bck\//, ''));

/**
 * The one fetch stub of the UI tests. Handlers are keyed "METHOD path" (path under /v2/bck without the query
 * string, e.g. "GET vendor/users"); unknown requests answer 404. The real API is exercised by the server's
 * tests and the browser journeys.
 */
export function mockApiRoutes(handlers: Record<string, MockHandler>, { wrap = true, record }: Options = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = pathOf(url);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    record?.push({ method, path, query: url.searchParams, body: typeof init?.body === 'string' ? body : init?.body });
    const handler = handlers[`${method} ${path}`];
    const reply: MockReply = handler
      ? handler({ method, body, query: url.searchParams, path })
      : { status: 404, body: { result: 'failure', message: 'Not found', extras: { code: 'notFound' } } };
    const status = reply.status ?? 200;
    if (reply.body instanceof Blob) return new Response(reply.body, { status, headers: reply.headers });
    const json = status >= 400 || !wrap ? reply.body : { result: 'success', ...(reply.body as object) };
    return new Response(JSON.stringify(json), {
      status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export type FetchMock = ReturnType<typeof mockApiRoutes>;

const describeCall = (input: RequestInfo | URL, init?: RequestInit) =>
  `${init?.method ?? 'GET'} ${decodeURIComponent(String(input).replace(/^\/v2\/bck\//, ''))}`;

/** The requests made, as "METHOD path?query" (decoded), in order. */
export function requestsMade(fetchMock: FetchMock): string[] {
  return fetchMock.mock.calls.map(([input, init]) => describeCall(input, init));
}

/** The JSON bodies sent to "METHOD path" (with its query string, if it had one). */
export function bodiesSent(fetchMock: FetchMock, request: string): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => describeCall(input, init) === request)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}
