import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeEventSource, installFakeEventSource } from '../../../test/fake-event-source';
import { renderScreen } from '../../../test/render';
import { setupUser } from '../../../test/user-events';
import { JobEventsProvider } from '../../background-tasks';
import { ADMIN, FOODCOURT, pushApi, SENT_AT, someSettings } from '../testing/push-api';
import { PushSettingsPage } from './push-settings-page';

const renderPage = (route = `/push-setting?foodcourt=${FOODCOURT}`) =>
  renderScreen(
    <JobEventsProvider>
      <PushSettingsPage />
    </JobEventsProvider>,
    { path: '/push-setting', route, signedInAs: ADMIN },
  );
const group = (name: string) => screen.getByRole('group', { name });
const box = (groupName: string, name: string) => within(group(groupName)).getByRole('checkbox', { name });

describe('Push settings', { timeout: 60_000 }, () => {
  beforeEach(() => installFakeEventSource());

  it('shows each event with its saved channels, devices and order push types', async () => {
    pushApi();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Push rules by order event' });
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    expect(box('Channels of Order placed', 'Device')).toBeChecked();
    expect(within(table).getByRole('combobox', { name: 'Devices for Order placed' })).toHaveTextContent('KDS (5)');
    expect(box('Channels of Order ready', 'SMS')).toBeChecked();
    expect(box('Order push types of Order ready', 'Instant orders (type 1)')).toBeChecked();
    expect(box('Order push types of Order ready', 'Pre-orders (type 2)')).not.toBeChecked();
    // An event never saved: no channels, every order push type (core's default).
    expect(box('Channels of Order refunded', 'Device')).not.toBeChecked();
    expect(box('Order push types of Order refunded', 'Delivery orders (type 3)')).toBeChecked();
    expect(screen.getByText(/Last changed by demo.admin/)).toBeVisible();
  });

  it("checks the rules with core's schema, then sends all six with the version loaded", async () => {
    const { sent } = pushApi();
    const user = setupUser();
    renderPage();
    await screen.findByRole('table', { name: 'Push rules by order event' });
    await user.click(box('Channels of Order accepted', 'Device'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Choose the devices that get it')).toBeVisible();
    expect(screen.getByText('Fix the problems marked below, then save again.')).toBeVisible();
    expect(sent('PUT', 'push_settings')).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'Devices for Order accepted' }));
    await user.click(await screen.findByRole('option', { name: 'TDS (3)' }));
    await user.keyboard('{Escape}');
    await user.click(box('Order push types of Order accepted', 'Pre-orders (type 2)'));
    await waitFor(() => expect(screen.queryByText('Choose the devices that get it')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent('PUT', 'push_settings')).toHaveLength(1));
    const body = sent('PUT', 'push_settings')[0]!;
    expect(body.version).toBe(4);
    expect(body.rules).toHaveLength(6);
    expect((body.rules as unknown[])[1]).toEqual({
      event: 'order_accepted',
      channels: ['device'],
      device_types: ['TDS'],
      order_push_types: [1, 3],
    });
    expect(await screen.findByText('Push settings saved')).toBeVisible();

    // The next save names the version the server answered.
    await user.click(box('Channels of Order completed', 'E-mail'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('PUT', 'push_settings')).toHaveLength(2));
    expect(sent('PUT', 'push_settings')[1]!.version).toBe(5);
  });

  it('a first save names version 0', async () => {
    const { sent } = pushApi({ settings: someSettings({ rules: [], version: 0, updated_by: null, updated_at: null }) });
    const user = setupUser();
    renderPage();
    expect(await screen.findByText('Not saved yet for this food court')).toBeVisible();
    await user.click(box('Channels of Order placed', 'App push'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('PUT', 'push_settings')).toHaveLength(1));
    expect(sent('PUT', 'push_settings')[0]!.version).toBe(0);
  });

  it('says who saved first on a 409, keeps the rules typed, and Reload takes the saved ones', async () => {
    const api = pushApi({ conflict: true });
    const user = setupUser();
    renderPage();
    await screen.findByRole('table', { name: 'Push rules by order event' });
    await user.click(box('Channels of Order cancelled', 'SMS'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('changed by other.admin');
    expect(box('Channels of Order cancelled', 'SMS')).toBeChecked();

    api.setSettings(
      someSettings({
        rules: [{ event: 'order_cancelled', channels: ['email'], device_types: [], order_push_types: [2] }],
        version: 5,
        updated_by: 'other.admin',
      }),
    );
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(box('Channels of Order cancelled', 'E-mail')).toBeChecked());
    expect(box('Channels of Order cancelled', 'SMS')).not.toBeChecked();
    expect(screen.queryByText(/changed by other.admin since/)).not.toBeInTheDocument();
  });

  it("sends a test push to an enabled device and shows it delivered when the device's event says so", async () => {
    const { sent } = pushApi();
    const user = setupUser();
    renderPage();
    await user.click(await screen.findByRole('combobox', { name: 'Device' }));
    const options = await screen.findAllByRole('option');
    // Only enabled devices can get one: Till 1 is disabled.
    expect(options.map((o) => o.textContent)).toEqual(['KDS 1 · KDS · Grill one']);
    await user.click(options[0]!);
    await user.click(screen.getByRole('button', { name: 'Send test push' }));

    await waitFor(() =>
      expect(sent('POST', 'push_settings/test')).toEqual([expect.objectContaining({ device_id: 101 })]),
    );
    const status = await screen.findByText(/Sent to KDS 1 at 05-03-2026/);
    expect(status).toHaveTextContent("Waiting for the device's next heartbeat");

    const stream = FakeEventSource.latest();
    act(() => {
      stream.open();
      // Another device's event, and an older test push of this one, say nothing of this push.
      stream.emit('device', { device_id: 102, test_push_at: SENT_AT, test_push_delivered_at: SENT_AT });
      stream.emit('device', {
        device_id: 101,
        test_push_at: '2026-03-05T09:00:00.000Z',
        test_push_delivered_at: '2026-03-05T09:00:10.000Z',
      });
    });
    expect(screen.getByText(/Sent to KDS 1/)).toHaveTextContent('Waiting');
    act(() =>
      stream.emit('device', {
        device_id: 101,
        online: true,
        test_push_at: '2026-03-05T09:30:00+00:00',
        test_push_delivered_at: '2026-03-05T09:30:07.5+00:00',
      }),
    );
    await waitFor(() =>
      expect(screen.getByText(/Sent to KDS 1/)).toHaveTextContent(/Delivered at 05-03-2026 \d\d:30:07/),
    );
  });
});
