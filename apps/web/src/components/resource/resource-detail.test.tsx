import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { listUrlState } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { useUrlState } from '../../lib/url-state';
import { mockApiRoutes, requestsMade } from '../../test/mock-api-routes';
import { renderScreen, renderWithProviders } from '../../test/render';
import { loadedTable } from '../../test/tables';
import { setupUser } from '../../test/user-events';
import { DateRangeFilter, type DateRange } from './date-range-filter';
import { DetailDrawer } from './detail-drawer';
import { ResourceListPage } from './resource-list-page';

type Thing = { id: number; name: string; owner: number };
const thingApi = makeResourceApi<Thing, object>({
  key: 'things',
  path: 'things',
  rowsField: 'data',
  rowField: 'thing',
  idOf: (t) => t.id,
});
const thingsUrl = listUrlState({ sort: ['name'] as const });

function ThingsPage({ byOwner = false }: { byOwner?: boolean }) {
  const url = useUrlState(thingsUrl);
  return (
    <ResourceListPage
      title="Things"
      api={thingApi}
      url={url}
      columns={[{ id: 'name', header: 'Name', cell: (t) => t.name }]}
      listLabel="Things"
      rowName={(t) => t.name}
      canEdit={() => false}
      renderForm={() => null}
      exportable={false}
      detail={{
        label: (t) => `Open ${t.name}`,
        idOf: byOwner ? (t) => `owner-${t.owner}` : undefined,
        render: ({ id, onClose }) => (
          <DetailDrawer title={`Detail ${id}`} onClose={onClose}>
            <p>Body of {id}</p>
          </DetailDrawer>
        ),
      }}
    />
  );
}

describe('the detail of a row (?view=)', { timeout: 30_000 }, () => {
  it('opens from the row and from the address, stays out of the list query, and closes', async () => {
    const fetchMock = mockApiRoutes({
      'GET things': () => ({ body: { data: [{ id: 1, name: 'Kettle', owner: 9 }], total: 1 } }),
    });
    const user = setupUser();
    const { router } = renderScreen(<ThingsPage />, { path: '/things', route: '/things?view=1' });
    expect(await screen.findByRole('dialog', { name: 'Detail 1' })).toHaveTextContent('Body of 1');
    expect(requestsMade(fetchMock)).toEqual(['GET things?page=1&page_size=25']);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));

    const table = await loadedTable('Things');
    await user.click(within(table).getByRole('button', { name: 'Open Kettle' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=1'));
    expect(await screen.findByRole('dialog', { name: 'Detail 1' })).toBeVisible();
  });

  it('may show something the row points at', async () => {
    mockApiRoutes({ 'GET things': () => ({ body: { data: [{ id: 1, name: 'Kettle', owner: 9 }], total: 1 } }) });
    const user = setupUser();
    const { router } = renderScreen(<ThingsPage byOwner />, { path: '/things', route: '/things' });
    await user.click(within(await loadedTable('Things')).getByRole('button', { name: 'Open Kettle' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=owner-9'));
    expect(await screen.findByRole('dialog', { name: 'Detail owner-9' })).toBeVisible();
  });
});

function RangeHarness({ onChange }: { onChange: (range: DateRange) => void }) {
  const [range, setRange] = useState<DateRange>({ from: '2026-03-01' });
  return (
    <DateRangeFilter
      {...range}
      onChange={(next) => {
        setRange(next);
        onChange(next);
      }}
    />
  );
}

describe('DateRangeFilter', { timeout: 30_000 }, () => {
  it('applies whole dates once typing pauses, refuses an end before the start, and clears', async () => {
    const onChange = vi.fn();
    const user = setupUser();
    renderWithProviders(<RangeHarness onChange={onChange} />);
    const to = screen.getByRole('group', { name: 'To' });
    await user.click(within(to).getAllByRole('spinbutton')[0]!);
    await user.keyboard('20022026');
    expect(await screen.findByRole('alert')).toHaveTextContent('End date cannot be before start date');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(onChange).not.toHaveBeenCalled();

    await user.click(within(to).getAllByRole('spinbutton')[1]!);
    await user.keyboard('03');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ from: '2026-03-01', to: '2026-03-20' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(screen.getByRole('group', { name: 'From' })).getAllByRole('spinbutton')[0]!);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ from: undefined, to: '2026-03-20' }));
  });
});
