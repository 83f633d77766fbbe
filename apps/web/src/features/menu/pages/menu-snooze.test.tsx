import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FoodItemSummary } from '@cd/core';
import { bodiesSent, mockApiRoutes, requestsMade } from '../../../test/mock-api-routes';
import { renderScreen } from '../../../test/render';
import { aMenu, aSummary, profileWith } from '../testing/menu-fixtures';
import { MenuPage } from './menu-page';

const RESTAURANT = 'fc-blr-atrium:spice_route';
const route = `/menu?restaurant=${encodeURIComponent(RESTAURANT)}`;

beforeEach(() => {
  const size = (value: number) =>
    function (this: HTMLElement) {
      return this.dataset.testid === 'menu-item-scroller' ? value : 0;
    };
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(size(640));
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(size(1000));
});
afterEach(() => vi.restoreAllMocks());

/** The menu as the server reads it now: snoozes whose time has passed are left out (as the server does). */
function mockMenu(items: FoodItemSummary[]) {
  let list = items;
  const fetchMock = mockApiRoutes({
    'POST vendor/details': () => ({ body: profileWith({ admin: true }) }),
    'GET vendor/fooditem': () => ({
      body: aMenu({
        fooditems: list.map((i) => ({
          ...i,
          snoozed_until: i.snoozed_until && new Date(i.snoozed_until) > new Date() ? i.snoozed_until : null,
        })),
      }),
    }),
    'POST menu/snoozes': ({ body }) => {
      const until = new Date(Date.now() + Number(body.minutes ?? 60) * 60_000).toISOString();
      list = list.map((i) => (i.foodid === body.target_id ? { ...i, snoozed_until: until } : i));
      return { body: { message: 'Snoozed', snooze: { until } } };
    },
    'DELETE menu/snoozes': ({ query }) => {
      list = list.map((i) => (i.foodid === query.get('target_id') ? { ...i, snoozed_until: null } : i));
      return { body: { message: 'Back on sale' } };
    },
  });
  return fetchMock;
}

const rowOf = async (name: string) =>
  (await screen.findByRole('button', { name: new RegExp(`^${name}`) })).closest('[role="listitem"]') as HTMLElement;

describe('/menu snooze and sold out', { timeout: 60_000 }, () => {
  it('marks sold-out and snoozed items, snoozes for an hour and ends a snooze with Back on sale', async () => {
    const user = userEvent.setup();
    const later = dayjs().add(2, 'hour').toISOString();
    const fetchMock = mockMenu([
      aSummary({ foodid: 'a', foodname: 'Paneer Tikka', sold_out: true }),
      aSummary({ foodid: 'b', foodname: 'Chicken Biryani', snoozed_until: later }),
      aSummary({ foodid: 'c', foodname: 'Masala Dosa' }),
    ]);
    renderScreen(<MenuPage />, { signedInAs: profileWith({ admin: true }), path: '/menu', route });

    expect(await screen.findByRole('button', { name: /^Paneer Tikka Sold out/ })).toBeVisible();
    const biryani = await rowOf('Chicken Biryani');
    expect(within(biryani).getByText(`Snoozed until ${dayjs(later).format('HH:mm')}`)).toBeVisible();

    const dosa = await rowOf('Masala Dosa');
    await user.click(within(dosa).getByRole('button', { name: 'Snooze' }));
    await user.click(await screen.findByRole('menuitem', { name: '1 hour' }));
    await waitFor(() => expect(bodiesSent(fetchMock, 'POST menu/snoozes')).toHaveLength(1));
    expect(bodiesSent(fetchMock, 'POST menu/snoozes')[0]).toMatchObject({
      restaurant: RESTAURANT,
      target_type: 'item',
      target_id: 'c',
      minutes: 60,
    });
    expect(await within(await rowOf('Masala Dosa')).findByText(/Snoozed until/)).toBeVisible();

    await user.click(within(await rowOf('Chicken Biryani')).getByRole('button', { name: 'Back on sale' }));
    await waitFor(() =>
      expect(requestsMade(fetchMock)).toContain(
        `DELETE menu/snoozes?restaurant=${RESTAURANT}&target_type=item&target_id=b`,
      ),
    );
    await waitFor(async () => expect(within(await rowOf('Chicken Biryani')).queryByText(/Snoozed until/)).toBeNull());
    expect(within(await rowOf('Chicken Biryani')).getByRole('button', { name: 'Snooze' })).toBeVisible();
  });

  it('snoozes until the end of the day, and an item whose snooze passes returns by itself', async () => {
    const user = userEvent.setup();
    const soon = new Date(Date.now() + 1200).toISOString();
    const fetchMock = mockMenu([
      aSummary({ foodid: 'a', foodname: 'Paneer Tikka', snoozed_until: soon }),
      aSummary({ foodid: 'c', foodname: 'Masala Dosa' }),
    ]);
    renderScreen(<MenuPage />, { signedInAs: profileWith({ admin: true }), path: '/menu', route });
    expect(within(await rowOf('Paneer Tikka')).getByText(/Snoozed until/)).toBeVisible();
    // Nobody does anything: the page reads the menu again when the snooze passes.
    await waitFor(async () => expect(within(await rowOf('Paneer Tikka')).queryByText(/Snoozed until/)).toBeNull(), {
      timeout: 5000,
    });

    await user.click(within(await rowOf('Masala Dosa')).getByRole('button', { name: 'Snooze' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Until end of day' }));
    await waitFor(() => expect(bodiesSent(fetchMock, 'POST menu/snoozes')[0]).toMatchObject({ until: 'end_of_day' }));
  });

  it('snoozes a submenu option for four hours and puts a snoozed option back on sale', async () => {
    const user = userEvent.setup();
    const later = dayjs().add(2, 'hour').toISOString();
    let snoozed: Record<string, string> = { Hot: later };
    const fetchMock = mockApiRoutes({
      'POST vendor/details': () => ({ body: profileWith({ admin: true }) }),
      'GET vendor/fooditem': () => ({
        body: aMenu({
          fooditems: [aSummary({ foodid: 'a', foodname: 'Paneer Tikka' })],
          submenus: [
            {
              submenuid: 'sm_spice',
              title: 'Spice level',
              option_count: 3,
              connected_count: 1,
              all_linked: false,
              ...(Object.keys(snoozed).length ? { snoozed_options: snoozed } : {}),
              version: 1,
              updated_at: '2026-11-01T10:00:00.000Z',
              updated_by: null,
            },
          ],
        }),
      }),
      'GET vendor/submenu/sm_spice': () => ({ body: { submenu: { list: ['Mild', 'Medium', 'Hot'] } } }),
      'POST menu/snoozes': ({ body }) => {
        const until = new Date(Date.now() + Number(body.minutes) * 60_000).toISOString();
        snoozed = { ...snoozed, [String(body.target_id).split(':')[1]!]: until };
        return { body: { message: 'Snoozed', snooze: { until } } };
      },
      'DELETE menu/snoozes': () => {
        snoozed = {};
        return { body: { message: 'Back on sale' } };
      },
    });
    renderScreen(<MenuPage />, { signedInAs: profileWith({ admin: true }), path: '/menu', route });
    const section = await screen.findByRole('region', { name: 'Submenu options off sale' });
    expect(within(section).getByText(`Hot (Spice level) until ${dayjs(later).format('HH:mm')}`)).toBeVisible();

    await user.click(within(section).getByRole('button', { name: 'Hot back on sale' }));
    await waitFor(() =>
      expect(requestsMade(fetchMock)).toContain(
        `DELETE menu/snoozes?restaurant=${RESTAURANT}&target_type=option&target_id=sm_spice:Hot`,
      ),
    );
    expect(await within(section).findByText('None: every option is on sale.')).toBeVisible();

    await user.click(within(section).getByRole('button', { name: 'Snooze an option' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snooze an option' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Submenu' }));
    await user.click(await screen.findByRole('option', { name: 'Spice level' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Option' }));
    await user.click(await screen.findByRole('option', { name: 'Medium' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'For' }));
    await user.click(await screen.findByRole('option', { name: '4 hours' }));
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    await waitFor(() =>
      expect(bodiesSent(fetchMock, 'POST menu/snoozes')[0]).toMatchObject({
        restaurant: RESTAURANT,
        target_type: 'option',
        target_id: 'sm_spice:Medium',
        minutes: 240,
      }),
    );
    expect(await within(section).findByText(/^Medium \(Spice level\) until/)).toBeVisible();
  });
});
