import { mockApiRoutes, type MockHandler, type MockReply } from '../../../test/mock-api-routes';

export type Handler = MockHandler;

/**
 * Stubs fetch for the editor's UI tests. Handlers are keyed "METHOD path" (path under /v2/bck, without the query);
 * other requests answer 404. Answers are wrapped as successes unless their status is 400 or more.
 */
export function mockSubmenuApi(handlers: Record<string, Handler>) {
  return mockApiRoutes(handlers);
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
export const failure = (status: number, code: string, message: string): MockReply => ({
  status,
  body: { result: 'failure', message, extras: { code } },
});
