import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProductionPlan } from '@cd/core';
import { bodiesSent, mockApiRoutes, requestsMade } from '../../../test/mock-api-routes';
import { renderScreen } from '../../../test/render';
import { fill, setupUser } from '../../../test/user-events';
import { ProductionPlanningPage } from './production-planning-page';

const R = 'fc-blr-atrium:spice_route';
const plan = (over: Partial<ProductionPlan> = {}): ProductionPlan => ({
  id: 7,
  restaurant: R,
  restaurant_name: 'Spice Route',
  plan_date: '2031-03-13',
  weekday: 'Thursday',
  session: 'Lunch',
  status: 'draft',
  lookback_weeks: 4,
  method: { method: 'average', buffer_pct: 0, peak_pct: 80 },
  history_dates: ['2031-02-13', '2031-02-20', '2031-02-27', '2031-03-06'],
  notes: '',
  line_count: 2,
  total_proposed: 14,
  total_planned: 14,
  version: 3,
  updated_by: 'demo.admin',
  updated_at: '2026-11-26T10:00:00.000Z',
  created_at: '2026-11-26T09:00:00.000Z',
  lines: [
    {
      foodid: 'tikka',
      foodname: 'Paneer Tikka',
      history: [10, 12, 11, 13],
      proposed: 12,
      planned: 12,
      note: '',
      sequence: 1,
    },
    { foodid: 'chai', foodname: 'Masala Chai', history: [0, 4, 0, 2], proposed: 2, planned: 2, note: '', sequence: 2 },
  ],
  ...over,
});

function api({ conflict = false, approved = false } = {}) {
  let current = plan();
  const { lines: _lines, ...summary } = current;
  return mockApiRoutes({
    'GET production_plans/sessions': () => ({ body: { sessions: ['all_day', 'Breakfast', 'Lunch'] } }),
    'POST production_plans/propose': () =>
      approved
        ? {
            status: 409,
            body: {
              result: 'failure',
              message: 'The plan of 2031-03-13 (Lunch) is approved. Reopen it to propose again.',
              extras: { code: 'planApproved', plan_id: 7 },
            },
          }
        : { body: { message: 'Plan proposed with 2 items', created: true, kept: 0, plan: current } },
    'GET production_plans': () => ({ body: { plans: [summary], total: 1 } }),
    'GET production_plans/7': () => ({ body: { plan: current } }),
    'PUT production_plans/7': ({ body }) => {
      if (conflict)
        return {
          status: 409,
          body: {
            result: 'failure',
            message:
              'The plan of 2031-03-13 (Lunch) was changed by chef.anu since you opened it. Reload to see the changes.',
            extras: { code: 'versionConflict', current_version: 4 },
          },
        };
      const sent = body.lines as { foodid: string; planned: number; note: string }[];
      current = {
        ...current,
        version: current.version + 1,
        lines: [
          ...current.lines!.map((l) => ({ ...l, ...sent.find((s) => s.foodid === l.foodid) })),
          ...sent
            .filter((s) => !current.lines!.some((l) => l.foodid === s.foodid))
            .map((s, i) => ({ ...s, foodname: 'Mango Lassi', history: [], proposed: 0, sequence: 10 + i })),
        ],
      };
      return { body: { message: 'Plan saved', plan: current } };
    },
    'POST menu/compact': () => ({
      body: {
        menus: [
          {
            restaurant: R,
            name: 'Spice Route',
            currency: 'INR',
            fooditems: [
              {
                foodid: 'tikka',
                foodname: 'Paneer Tikka',
                price: 220,
                listofcategories: [],
                vegflag: 'V',
                available: true,
              },
              {
                foodid: 'chai',
                foodname: 'Masala Chai',
                price: 40,
                listofcategories: [],
                vegflag: 'V',
                available: true,
              },
              {
                foodid: 'lassi',
                foodname: 'Mango Lassi',
                price: 80,
                listofcategories: [],
                vegflag: 'V',
                available: true,
              },
            ],
          },
        ],
      },
    }),
    'POST production_plans/7/approve': () => {
      current = { ...current, status: 'approved', version: current.version + 1 };
      return { body: { message: 'Plan approved', plan: current } };
    },
  });
}

const renderPage = (query = '&edit=7') =>
  renderScreen(<ProductionPlanningPage />, {
    path: '/production_planning_menuMgmt',
    route: `/production_planning_menuMgmt?restaurant=${encodeURIComponent(R)}${query}`,
  });

describe('Production planning editor', { timeout: 60_000 }, () => {
  it('shows the same-weekday history and proposal, refuses a negative number, saves and approves with the version', async () => {
    const fetchMock = api();
    const user = setupUser();
    renderPage();
    const editor = await screen.findByRole('dialog', { name: 'Plan for Thursday 2031-03-13 · Lunch' });
    const tikka = await within(editor).findByRole('row', { name: /Paneer Tikka/ });
    expect(tikka).toHaveTextContent('10 · 12 · 11 · 13');
    const planned = within(editor).getByRole('textbox', { name: 'Planned quantity of Paneer Tikka' });
    expect(planned).toHaveValue('12');
    expect(within(editor).getByTestId('planned-total')).toHaveTextContent('14');

    await fill(user, planned, '-1');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(await within(editor).findByText('Enter 0 or more')).toBeVisible();
    expect(bodiesSent(fetchMock, 'PUT production_plans/7')).toEqual([]);

    await fill(user, planned, '15');
    await fill(user, within(editor).getByRole('textbox', { name: 'Note for Paneer Tikka' }), 'School trip');
    expect(within(editor).getByTestId('planned-total')).toHaveTextContent('17');
    // Approve with unsaved changes saves them first, then approves the saved version.
    await user.click(within(editor).getByRole('button', { name: 'Approve' }));
    expect(await within(editor).findByText(/approved and read-only/)).toBeVisible();
    expect(bodiesSent(fetchMock, 'PUT production_plans/7')).toEqual([
      expect.objectContaining({
        version: 3,
        lines: [
          { foodid: 'tikka', planned: 15, note: 'School trip' },
          { foodid: 'chai', planned: 2, note: '' },
        ],
      }),
    ]);
    expect(bodiesSent(fetchMock, 'POST production_plans/7/approve')).toEqual([expect.objectContaining({ version: 4 })]);
    expect(within(editor).getByRole('textbox', { name: 'Planned quantity of Paneer Tikka' })).toBeDisabled();
    expect(within(editor).getByRole('button', { name: 'Reopen' })).toBeVisible();
    expect(requestsMade(fetchMock).some((r) => r.startsWith('GET production_plans?'))).toBe(true);
  });

  it('a save after someone else saved shows who, keeps the input and offers Reload', async () => {
    api({ conflict: true });
    const user = setupUser();
    renderPage();
    const editor = await screen.findByRole('dialog', { name: 'Plan for Thursday 2031-03-13 · Lunch' });
    const planned = await within(editor).findByRole('textbox', { name: 'Planned quantity of Masala Chai' });
    await fill(user, planned, '6');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(await within(editor).findByText(/changed by chef.anu/)).toBeVisible();
    expect(within(editor).getByRole('button', { name: 'Reload' })).toBeVisible();
    expect(planned).toHaveValue('6');
    await user.click(within(editor).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(planned).toHaveValue('2'));
  });

  it('New plan sends the day, session, look-back, method and buffer, then opens the plan', async () => {
    const fetchMock = api();
    const user = setupUser();
    const { router } = renderPage('');
    await user.click(await screen.findByRole('button', { name: 'New plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'New production plan' });
    await fill(user, within(dialog).getByLabelText(/^Day/), '2031-03-13');
    await user.click(within(dialog).getByRole('combobox', { name: /Session/ }));
    await user.click(await screen.findByRole('option', { name: 'Lunch' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Look back/ }));
    await user.click(await screen.findByRole('option', { name: '6 weeks' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Method/ }));
    await user.click(await screen.findByRole('option', { name: 'Share of the best day' }));
    await fill(user, within(dialog).getByLabelText(/Buffer/), '101');
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/Buffer/)).toHaveAttribute('aria-invalid', 'true'));
    expect(bodiesSent(fetchMock, 'POST production_plans/propose')).toEqual([]);
    await fill(user, within(dialog).getByLabelText(/Buffer/), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    expect(await screen.findByRole('dialog', { name: 'Plan for Thursday 2031-03-13 · Lunch' })).toBeVisible();
    expect(bodiesSent(fetchMock, 'POST production_plans/propose')).toEqual([
      expect.objectContaining({
        restaurant: R,
        plan_date: '2031-03-13',
        session: 'Lunch',
        lookback_weeks: 6,
        method: 'peak',
        buffer_pct: 10,
        peak_pct: 80,
      }),
    ]);
    expect(router.state.location.search).toContain('edit=7');
  });

  it('proposing a day whose plan is approved says so and opens that plan', async () => {
    api({ approved: true });
    const user = setupUser();
    renderPage('&action=new');
    const dialog = await screen.findByRole('dialog', { name: 'New production plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    expect(await within(dialog).findByText(/is approved/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Open it' }));
    expect(await screen.findByRole('dialog', { name: 'Plan for Thursday 2031-03-13 · Lunch' })).toBeVisible();
  });

  it('adds an item the proposal left out and saves it with the plan', async () => {
    const fetchMock = api();
    const user = setupUser();
    renderPage();
    const editor = await screen.findByRole('dialog', { name: 'Plan for Thursday 2031-03-13 · Lunch' });
    await user.click(await within(editor).findByRole('combobox', { name: 'Add an item' }));
    // Items already in the plan are not offered again.
    expect(await screen.findByRole('option', { name: 'Mango Lassi' })).toBeVisible();
    expect(screen.queryByRole('option', { name: 'Paneer Tikka' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Mango Lassi' }));
    const lassi = await within(editor).findByRole('textbox', { name: 'Planned quantity of Mango Lassi' });
    await fill(user, lassi, '6');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesSent(fetchMock, 'PUT production_plans/7')).toEqual([
        expect.objectContaining({
          lines: [
            { foodid: 'tikka', planned: 12, note: '' },
            { foodid: 'chai', planned: 2, note: '' },
            { foodid: 'lassi', planned: 6, note: '' },
          ],
        }),
      ]),
    );
    expect(await within(editor).findByRole('row', { name: /Mango Lassi/ })).toBeVisible();
  });
});
