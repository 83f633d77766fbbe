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
              api: { prefetch: (query) => events.push(`prefetch ${JSON.stringify(query)}`) },
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
      async () => ({ url, api: { prefetch: () => events.push('prefetch') } }),
    );
    render(<Page />);
    expect(await screen.findByText('The things')).toBeInTheDocument();
    expect(events).toEqual([]);
  });
});
