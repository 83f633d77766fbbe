import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyListPage } from './lazy-page';
import { listUrlState } from './list-url-state';
import { param } from './url-state';

const url = listUrlState({ sort: ['name'], filters: { status: param.oneOf(['open', 'closed'] as const) } });

afterEach(() => window.history.replaceState(null, '', '/'));

describe('lazyListPage', () => {
  it('asks for the first rows of the address before the page renders, even when the page code comes first', async () => {
    window.history.replaceState(null, '', '/things?status=open&search=tea');
    const events: string[] = [];
    let giveList: () => void = () => undefined;
    const Page = lazyListPage(
      '/things',
      async () => ({
        default: () => {
          events.push('render');
          return <p>The things</p>;
        },
      }),
      // The api module arrives after the page's own code.
      () =>
        new Promise((resolve) => {
          giveList = () =>
            resolve({
              url,
              api: {
                prefetch: (query) => {
                  events.push(`prefetch ${JSON.stringify(query)}`);
                },
              },
              fixedQuery: { kind: 'x' },
            });
        }),
    );
    Page.preload?.();
    render(<Page />);
    await new Promise((r) => setTimeout(r, 20));
    expect(events).toEqual([]);
    giveList();
    expect(await screen.findByText('The things')).toBeInTheDocument();
    expect(events[0]).toMatch(/^prefetch /);
    expect(JSON.parse(events[0]!.slice('prefetch '.length))).toMatchObject({
      search: 'tea',
      status: 'open',
      kind: 'x',
    });
    expect(events.slice(1)).toContain('render');
  });

  it('asks for nothing when the page is opened from another address (a link in the app)', async () => {
    window.history.replaceState(null, '', '/elsewhere');
    const events: string[] = [];
    const Page = lazyListPage(
      '/things',
      async () => ({ default: () => <p>The things</p> }),
      async () => ({
        url,
        api: {
          prefetch: () => {
            events.push('prefetch');
          },
        },
      }),
    );
    render(<Page />);
    expect(await screen.findByText('The things')).toBeInTheDocument();
    expect(events).toEqual([]);
  });

  it('renders the page once its rows have come, so its first render shows them', async () => {
    window.history.replaceState(null, '', '/things');
    const events: string[] = [];
    let answer: () => void = () => undefined;
    const Page = lazyListPage(
      '/things',
      async () => ({
        default: () => {
          events.push('render');
          return <p>The things</p>;
        },
      }),
      async () => ({
        url,
        api: {
          prefetch: () =>
            new Promise<void>((resolve) => {
              answer = () => {
                events.push('rows');
                resolve();
              };
            }),
        },
      }),
    );
    render(<Page />);
    await new Promise((r) => setTimeout(r, 30));
    expect(events).toEqual([]);
    answer();
    expect(await screen.findByText('The things')).toBeInTheDocument();
    expect(events[0]).toBe('rows');
  });

  it('does not wait long for rows that are slow to come: the page renders and shows its own loading', async () => {
    window.history.replaceState(null, '', '/things');
    const Page = lazyListPage(
      '/things',
      async () => ({ default: () => <p>The things</p> }),
      async () => ({ url, api: { prefetch: () => new Promise<void>(() => undefined) } }),
    );
    const started = Date.now();
    render(<Page />);
    expect(await screen.findByText('The things', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
