import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeEventSource, installFakeEventSource } from '../../../test/fake-event-source';
import { renderScreen } from '../../../test/render';
import { setupUser } from '../../../test/user-events';
import { JobEventsProvider } from '../../background-tasks';
import { ADMIN, aDevice, countersApi, sent } from '../testing/counters-api';
import { CountersPage } from './counters-page';

// Inside the shell's one event stream, as in the app.
const renderPage = (route = '/counterManagement?view=11') =>
  renderScreen(
    <JobEventsProvider>
      <CountersPage />
    </JobEventsProvider>,
    { path: '/counterManagement', route, signedInAs: ADMIN },
  );
const devices = () => [
  aDevice(),
  aDevice({ device_id: 102, name: 'Kiosk 1', device_type: 'Kiosk_android', device_code: 1, licence_status: 1 }),
  aDevice({
    device_id: 103,
    name: 'KDS 1',
    device_type: 'KDS',
    device_code: 5,
    licence_status: 2,
    app_version: '2.4.0',
    version: 4,
  }),
  aDevice({ device_id: 104, name: 'Board 1', device_type: 'TDS', device_code: 3, licence_status: 3, version: 6 }),
];
const buttonsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('button')
    .map((b) => b.textContent);
async function deviceTable() {
  const drawer = await screen.findByRole('dialog', { name: 'Grill one' });
  const table = await within(drawer).findByRole('table', { name: 'Devices of Grill one' });
  return { drawer, table };
}

describe("A counter's devices", { timeout: 60_000 }, () => {
  beforeEach(() => installFakeEventSource());

  it('shows the licence actions core allows from each status', async () => {
    countersApi({ devices: devices() });
    renderPage();
    const { table } = await deviceTable();
    const row = (name: RegExp) => within(table).getByRole('row', { name });
    expect(buttonsOf(row(/Till 1 POS_android \(0\) Created/))).toEqual(['Activate', 'Details', 'Delete']);
    expect(buttonsOf(row(/Kiosk 1 Kiosk_android \(1\) Pending/))).toEqual([
      'Withdraw code',
      'Revoke',
      'Details',
      'Delete',
    ]);
    expect(buttonsOf(row(/KDS 1 KDS \(5\) Enabled/))).toEqual(['Disable', 'Revoke', 'Details', 'Delete']);
    expect(buttonsOf(row(/Board 1 TDS \(3\) Disabled/))).toEqual(['Enable', 'Revoke', 'Details', 'Delete']);
  });

  it('activating a new licence shows its pairing code once, big, with its expiry and a copy button', async () => {
    const { record } = countersApi({ devices: devices() });
    const user = setupUser();
    renderPage();
    const { table } = await deviceTable();
    await user.click(within(table).getByRole('button', { name: 'Activate Till 1' }));

    const dialog = await screen.findByRole('dialog', { name: 'Pairing code for Till 1' });
    expect(sent(record, 'POST', 'devices/101/licence')[0]).toMatchObject({ action: 'license_activate', version: 1 });
    expect(within(dialog).getByRole('status', { name: 'Pairing code' })).toHaveTextContent('K7QX2MPA');
    expect(dialog).toHaveTextContent(/Valid until 05-03-2026 \d\d:22 \(15 minutes\)/);
    expect(dialog).toHaveTextContent('The code is shown only this once.');
    expect(within(dialog).getByRole('button', { name: 'Copy code' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(screen.queryByText('K7QX2MPA')).not.toBeInTheDocument());
    const row = await within(table).findByRole('row', { name: /Till 1 .*Pending/ });
    expect(row).toHaveTextContent(/Code expires 05-03-2026/);
    expect(buttonsOf(row)).toEqual(['Withdraw code', 'Revoke', 'Details', 'Delete']);
  });

  it('reads a licence’s details and saves them against the version read', async () => {
    const { record } = countersApi({ devices: devices() });
    const user = setupUser();
    renderPage();
    const { table } = await deviceTable();
    await user.click(within(table).getByRole('button', { name: 'Licence details of KDS 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Licence details of KDS 1' });
    const key = await within(dialog).findByRole('textbox', { name: 'Licence key' });
    expect(sent(record, 'POST', 'devices/103/licence')[0]).toMatchObject({ action: 'get_details_licence' });
    await user.type(key, 'LIC-42');
    await user.type(within(dialog).getByRole('textbox', { name: 'Device model' }), 'Elo 15');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Licence details of KDS 1' })).toBeNull());
    expect(sent(record, 'POST', 'devices/103/licence')[1]).toMatchObject({
      action: 'put_details_licence',
      version: 4,
      details: { licence_key: 'LIC-42', device_model: 'Elo 15', serial_number: '', valid_until: null, notes: '' },
    });
    expect(await screen.findByText('Licence details saved')).toBeVisible();
  });

  it('revokes after asking, with the version shown', async () => {
    const { record } = countersApi({ devices: devices() });
    const user = setupUser();
    renderPage();
    const { table } = await deviceTable();
    await user.click(within(table).getByRole('button', { name: 'Revoke KDS 1' }));
    const ask = await screen.findByRole('dialog', { name: 'Revoke KDS 1?' });
    expect(ask).toHaveTextContent('must pair again with a new code');
    await user.click(within(ask).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(sent(record, 'POST', 'devices/103/licence')).toHaveLength(1));
    expect(sent(record, 'POST', 'devices/103/licence')[0]).toMatchObject({ action: 'revoke', version: 4 });
    expect(await within(table).findByRole('row', { name: /KDS 1 .*Created/ })).toBeVisible();
  });

  it('a device event updates its row in place: online, last seen, app version', async () => {
    const { record } = countersApi({ devices: devices() });
    renderPage();
    const { table } = await deviceTable();
    expect(within(table).getByRole('row', { name: /KDS 1 .*Enabled Offline — 2\.4\.0/ })).toBeVisible();
    const reads = () => record.filter((c) => c.method === 'GET' && c.path === 'devices').length;
    expect(reads()).toBe(1);

    act(() =>
      FakeEventSource.latest().emit('device', {
        device_id: 103,
        counter_id: 11,
        online: true,
        last_seen_at: '2026-03-05T10:15:00.000Z',
        app_version: '2.5.0',
        licence_status: 2,
      }),
    );
    expect(
      await within(table).findByRole('row', { name: /KDS 1 .*Enabled Online 05-03-2026 \d\d:15 2\.5\.0/ }),
    ).toBeVisible();
    // Another counter's device changes nothing here.
    act(() =>
      FakeEventSource.latest().emit('device', {
        device_id: 103,
        counter_id: 99,
        online: false,
        last_seen_at: null,
        app_version: '9',
        licence_status: 3,
      }),
    );
    expect(within(table).getByRole('row', { name: /KDS 1 .*Online/ })).toBeVisible();
    expect(reads()).toBe(1);
  });

  it('adds a device of a listed type to the counter', async () => {
    const { record } = countersApi({ devices: devices() });
    const user = setupUser();
    renderPage();
    const { drawer } = await deviceTable();
    await user.click(within(drawer).getByRole('button', { name: 'Add device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add device' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Device name' }), 'Kitchen screen');
    await user.click(within(dialog).getByRole('combobox', { name: 'Device type' }));
    await user.click(await screen.findByRole('option', { name: 'KDS (code 5)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add device' }));
    await waitFor(() => expect(sent(record, 'POST', 'devices')).toHaveLength(1));
    expect(sent(record, 'POST', 'devices')[0]).toMatchObject({
      name: 'Kitchen screen',
      device_type: 'KDS',
      counter_id: 11,
    });
  });
});
