import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApiRoutes, requestsMade } from '../test/mock-api-routes';
import { testQueryClient } from '../test/render';
import { makeResourceApi } from './resource-api';

type Thing = { id: string; name: string };

function thingsApi(path: string) {
  return makeResourceApi<Thing, { name: string }>({
    key: path,
    path,
    rowsField: 'things',
    rowField: 'thing',
    idOf: (row) => row.id,
  });
}

function setup(path: string) {
  const names = ['Tea'];
  const fetchMock = mockApiRoutes({
    [`GET ${path}`]: () => ({
      body: { things: names.map((name, i) => ({ id: String(i), name })), total: names.length },
    }),
  });
  const api = thingsApi(path);
  const queryClient = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { names, fetchMock, api, wrapper, queryClient };
}

describe('makeResourceApi: a list asked for early (lazyListPage)', () => {
  it("shows the early answer's rows in the page's first render and does not ask again on mount", async () => {
    const { fetchMock, api, wrapper: Wrapper } = setup('vendor/early-one');
    await api.prefetch({ page: 1, page_size: 25 });
    const renders: string[] = [];
    function List() {
      const list = api.useList({ page: 1, page_size: 25 });
      renders.push(list.data ? list.data.rows.map((r) => r.name).join(',') : 'nothing');
      return <p>{list.data?.rows[0]?.name ?? 'loading'}</p>;
    }
    render(
      <Wrapper>
        <List />
      </Wrapper>,
    );
    expect(renders[0]).toBe('Tea');
    expect(screen.getByText('Tea')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 30));
    expect(requestsMade(fetchMock)).toEqual(['GET vendor/early-one?page=1&page_size=25']);
  });

  it('asks the server again when the list is invalidated after a change', async () => {
    const { names, fetchMock, api, wrapper: Wrapper, queryClient } = setup('vendor/early-two');
    await api.prefetch({ page: 1, page_size: 25 });
    // What a save does after it has been answered.
    const invalidate = () => queryClient.invalidateQueries({ queryKey: api.keys.all });
    function List() {
      const list = api.useList({ page: 1, page_size: 25 });
      return <p>{list.data?.rows.map((r) => r.name).join(', ') ?? 'loading'}</p>;
    }
    render(
      <Wrapper>
        <List />
      </Wrapper>,
    );
    expect(screen.getByText('Tea')).toBeInTheDocument();
    names.push('Coffee');
    await act(() => invalidate());
    expect(await screen.findByText('Tea, Coffee')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toHaveLength(2);
  });

  it('takes an early answer that has not come yet when it comes, without asking twice', async () => {
    const { fetchMock, api, wrapper: Wrapper } = setup('vendor/early-three');
    void api.prefetch({ page: 1, page_size: 25 });
    function List() {
      const list = api.useList({ page: 1, page_size: 25 });
      return <p>{list.data?.rows[0]?.name ?? 'loading'}</p>;
    }
    render(
      <Wrapper>
        <List />
      </Wrapper>,
    );
    expect(await screen.findByText('Tea')).toBeInTheDocument();
    await waitFor(() => expect(requestsMade(fetchMock)).toEqual(['GET vendor/early-three?page=1&page_size=25']));
  });
});
