import { mockApiRoutes, type MockHandler } from '../../../test/mock-api-routes';

type Handler = MockHandler;

/**
 * Stubs fetch for the menu page's unit tests. Handlers are keyed "METHOD path" (under /v2/bck, without the
 * query); unknown requests answer 404. Answers are wrapped as successes unless their status is 400 or more.
 */
export function mockMenuApi(handlers: Record<string, Handler>) {
  return mockApiRoutes(handlers);
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
