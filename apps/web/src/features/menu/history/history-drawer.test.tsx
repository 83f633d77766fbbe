import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuHistoryAnswer } from '@cd/core';
import { bodiesSent, mockApiRoutes } from '../../../test/mock-api-routes';
import { renderWithProviders } from '../../../test/render';
import { MenuHistoryDrawer } from './history-drawer';

afterEach(() => vi.restoreAllMocks());

const FOODID = 'spice_route_paneer_tikka';

function history(version: number, extra: MenuHistoryAnswer['revisions'] = []): Omit<MenuHistoryAnswer, 'result'> {
  return {
    entity: 'item',
    id: FOODID,
    version,
    revisions: [
      ...extra,
      {
        id: 12,
        op: 'update',
        at: '2026-11-29T10:05:00.000Z',
        actor: 'demo.menu',
        changes: [
          { field: 'price', before: 250, after: 275 },
          { field: 'details.daysavailable', before: { Monday: true }, after: { Monday: false } },
        ],
        reverted_from: null,
        revertible: true,
      },
      {
        id: 11,
        op: 'update',
        at: '2026-11-29T10:00:00.000Z',
        actor: 'demo.admin',
        changes: [{ field: 'hide_item', before: false, after: true }],
        reverted_from: null,
        revertible: true,
      },
      {
        id: 3,
        op: 'insert',
        at: '2026-11-01T08:00:00.000Z',
        actor: null,
        changes: [],
        reverted_from: null,
        revertible: false,
      },
    ],
  };
}

describe('the menu history drawer', () => {
  it('lists each revision with who, when and each change in words, and reverts one after Yes', async () => {
    let version = 3;
    const fetchMock = mockApiRoutes({
      'GET menu/history': () => ({
        body:
          version === 3
            ? history(3)
            : history(4, [
                {
                  id: 13,
                  op: 'update',
                  at: '2026-11-29T10:10:00.000Z',
                  actor: 'demo.admin',
                  changes: [{ field: 'price', before: 275, after: 250 }],
                  reverted_from: 12,
                  revertible: true,
                },
              ]),
      }),
      'POST menu/history/revert': () => {
        version = 4;
        return { body: { message: 'Menu item Paneer Tikka: change reverted', version: 4 } };
      },
    });
    const onReverted = vi.fn();
    renderWithProviders(
      <MenuHistoryDrawer
        entity="item"
        id={FOODID}
        name="Paneer Tikka"
        canRevert
        onClose={() => undefined}
        onReverted={onReverted}
      />,
    );
    const drawer = await screen.findByRole('dialog', { name: 'History: Paneer Tikka' });
    const list = await within(drawer).findByRole('list', { name: 'Changes' });
    expect(within(list).getByText('Price: 250 → 275')).toBeInTheDocument();
    expect(within(list).getByText('Days available: Monday: Yes → Monday: No')).toBeInTheDocument();
    expect(within(list).getByText('Hidden: No → Yes')).toBeInTheDocument();
    expect(within(list).getAllByText(/by demo\.menu/)).toHaveLength(1);
    expect(within(list).getByText('Created')).toBeInTheDocument();
    expect(within(list).getByText(/by someone/)).toBeInTheDocument();
    // A creation cannot be reverted: two Revert buttons for the two changes.
    const reverts = within(list).getAllByRole('button', { name: /^Revert the change of/ });
    expect(reverts).toHaveLength(2);

    await userEvent.click(reverts[0]!);
    expect(within(drawer).getByText('Put these fields back as they were before this change?')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Yes' }));
    expect(await within(drawer).findByText('Change reverted')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, 'POST menu/history/revert')).toMatchObject([{ revision: 12, version: 3 }]);
    expect(onReverted).toHaveBeenCalledTimes(1);
    // The history is read again: the revert is its newest revision.
    expect(await within(drawer).findByText('Reverted')).toBeInTheDocument();
    expect(within(drawer).getByText('Price: 275 → 250')).toBeInTheDocument();
  });

  it('shows the conflict when the record changed since, and No leaves it alone', async () => {
    const fetchMock = mockApiRoutes({
      'GET menu/history': () => ({ body: history(3) }),
      'POST menu/history/revert': () => ({
        status: 409,
        body: {
          result: 'failure',
          message: 'Menu item Paneer Tikka was changed by demo.menu since you opened it. Reload to see the changes.',
          extras: { code: 'versionConflict', current_version: 4 },
        },
      }),
    });
    renderWithProviders(
      <MenuHistoryDrawer entity="item" id={FOODID} name="Paneer Tikka" canRevert onClose={() => undefined} />,
    );
    const drawer = await screen.findByRole('dialog', { name: 'History: Paneer Tikka' });
    const [first] = await within(drawer).findAllByRole('button', { name: /^Revert the change of/ });
    await userEvent.click(first!);
    await userEvent.click(within(drawer).getByRole('button', { name: 'No' }));
    expect(bodiesSent(fetchMock, 'POST menu/history/revert')).toEqual([]);

    await userEvent.click(within(drawer).getAllByRole('button', { name: /^Revert the change of/ })[0]!);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(within(drawer).getByRole('alert')).toHaveTextContent(/changed by demo\.menu|changed/));
    expect(within(drawer).queryByText('Change reverted')).not.toBeInTheDocument();
  });

  it('offers no revert without the page that edits the record', async () => {
    mockApiRoutes({ 'GET menu/history': () => ({ body: history(3) }) });
    renderWithProviders(
      <MenuHistoryDrawer entity="item" id={FOODID} name="Paneer Tikka" canRevert={false} onClose={() => undefined} />,
    );
    const drawer = await screen.findByRole('dialog', { name: 'History: Paneer Tikka' });
    await within(drawer).findByText('Price: 250 → 275');
    expect(within(drawer).queryByRole('button', { name: /^Revert/ })).not.toBeInTheDocument();
  });
});
