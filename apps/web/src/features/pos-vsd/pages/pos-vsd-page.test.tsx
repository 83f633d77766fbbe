import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PluItem, SyncRun, SyncTarget } from '@cd/core';
import { installFakeEventSource } from '../../../test/fake-event-source';
import { job, mockJobsApi } from '../../../test/jobs';
import { renderScreen } from '../../../test/render';
import { JobEventsProvider } from '../../background-tasks';
import { PosVsdPage } from './pos-vsd-page';

vi.setConfig({ testTimeout: 30_000 });

const R = 'fc-blr-atrium:spice_route';
const item = (foodid: string, foodname: string, over: Partial<PluItem> = {}): PluItem => ({
  foodid,
  foodname,
  restaurant: R,
  plu: null,
  price: 95,
  vegflag: 'V',
  taxation: '',
  hide_item: false,
  sold_out: false,
  snoozed_until: null,
  version: 0,
  updated_by: null,
  updated_at: null,
  ...over,
});
const target: SyncTarget = {
  id: 3,
  name: 'Front till',
  kind: 'pos',
  url: 'https://till.example.in/items',
  auth_header_set: true,
  enabled: true,
  restaurants: [],
  version: 2,
  updated_by: 'demo.admin',
  updated_at: '2026-11-26T10:00:00.000Z',
};
const run = (over: Partial<SyncRun>): SyncRun => ({
  id: 1,
  job_id: 'job-x',
  target_id: 3,
  target_name: 'Front till',
  kind: 'pos',
  restaurant: R,
  status: 'queued',
  item_count: 0,
  request_bytes: 0,
  response_status: null,
  response_excerpt: '',
  attempts: 0,
  created_by: 'demo.admin',
  started_at: null,
  finished_at: null,
  created_at: '2026-11-26T10:00:00.000Z',
  ...over,
});

function renderPage(admin: boolean) {
  const profile = {
    userid: 'demo.user',
    name: 'Demo',
    client_list: [],
    vendorextras: { admin, pagepermissionaccess: ['pos-vsd'], permissions: [] },
  };
  let runs: SyncRun[] = [];
  const api = mockJobsApi({
    'POST vendor/details': () => ({ body: { result: 'success', ...profile } }),
    'GET backgroundjobs': () => ({ body: { result: 'success', data: [] } }),
    'GET pos/plu': () => ({
      body: {
        result: 'success',
        items: [
          item('chai', 'Masala Chai', { plu: 'C1', version: 1 }),
          item('lassi', 'Mango Lassi', { sold_out: true }),
        ],
        total: 2,
      },
    }),
    'GET pos/targets': () => ({ body: { result: 'success', targets: [target] } }),
    'PUT pos/targets/3': ({ body }) => ({
      body: { result: 'success', message: 'Target saved', target: { ...target, ...body, version: 3 } },
    }),
    // The server refuses an address that is not public (lib/outbound-url), naming the field.
    'POST pos/targets': () => ({
      status: 400,
      body: {
        result: 'failure',
        message: 'url: This address points into a private network (10.0.0.5); ask an administrator to allow it',
        extras: { code: 'addressNotAllowed', field: 'url' },
      },
    }),
    'GET pos/sync_runs': () => ({ body: { result: 'success', runs, total: runs.length } }),
    'POST vendngo_sync': () => {
      runs = [
        run({
          status: 'error',
          response_status: 400,
          response_excerpt: 'refused by the target',
          attempts: 1,
          item_count: 2,
        }),
      ];
      return { body: { result: 'success', message: 'POS & vending sync started for 1 target(s)', job: job(), runs } };
    },
  });
  renderScreen(
    <JobEventsProvider>
      <PosVsdPage />
    </JobEventsProvider>,
    { path: '/pos-vsd', route: `/pos-vsd?restaurant=${encodeURIComponent(R)}`, signedInAs: profile },
  );
  return api;
}

beforeEach(() => installFakeEventSource());
afterEach(() => vi.restoreAllMocks());

describe('/pos-vsd', () => {
  it('lists PLUs with availability; a target saved with the header left empty keeps it; a sync shows in the log', async () => {
    const { calls } = renderPage(true);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Items and their PLU codes' });
    expect(await within(table).findByRole('row', { name: /Masala Chai C1/ })).toBeVisible();
    expect(within(table).getByRole('row', { name: /Mango Lassi none .* Sold out/ })).toBeVisible();

    const targets = screen.getByRole('region', { name: 'Targets' });
    expect(await within(targets).findByRole('row', { name: /Front till POS .* Enabled Auth set/ })).toBeVisible();
    await user.click(within(targets).getByRole('button', { name: 'Edit target Front till' }));
    const dialog = await screen.findByRole('dialog', { name: /Target Front till/ });
    expect(within(dialog).getByLabelText('Authorization header')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ name: 'Front till', url: target.url, version: 2 });
    expect(put.body).not.toHaveProperty('auth_header');

    await user.click(screen.getByRole('button', { name: 'Sync to POS & vending' }));
    const log = await screen.findByRole('table', { name: 'Sync log' });
    const row = await within(log).findByRole('row', {
      name: /Front till \(POS\) Error 2 1 HTTP 400 refused by the target/,
    });
    expect(row).toBeVisible();
    expect(calls.find((c) => c.path.startsWith('vendngo_sync'))?.body).toMatchObject({ restaurant: R });
  });

  it('shows the server refusing an address under the address field, and keeps the form open', async () => {
    const { calls } = renderPage(true);
    const user = userEvent.setup();
    const targets = await screen.findByRole('region', { name: 'Targets' });
    await user.click(await within(targets).findByRole('button', { name: 'Add target' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a target' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'LAN till');
    await user.type(within(dialog).getByRole('textbox', { name: /^Address/ }), 'http://10.0.0.5/items');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'This address points into a private network (10.0.0.5); ask an administrator to allow it',
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /^Address/ })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST' && c.path.startsWith('pos/targets'))).toHaveLength(1);
  });

  it('shows targets to a user who is not an administrator without the means to change them', async () => {
    renderPage(false);
    const targets = await screen.findByRole('region', { name: 'Targets' });
    expect(await within(targets).findByRole('row', { name: /Front till/ })).toBeVisible();
    expect(
      within(targets).getByText('The endpoints menus are sent to. Only an administrator can change them.'),
    ).toBeVisible();
    expect(within(targets).queryByRole('button', { name: 'Add target' })).toBeNull();
    expect(within(targets).queryByRole('button', { name: 'Edit target Front till' })).toBeNull();
  });
});
