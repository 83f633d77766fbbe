import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiKeyView } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';
import { bodiesSent, mockApiRoutes, requestsMade } from '../../../test/mock-api-routes';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ApiKeysPage } from './api-keys-page';

const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[] },
};

const aKey = (over: Partial<ApiKeyView> = {}): ApiKeyView => ({
  id: 7,
  api_client: 'kiosk-atrium',
  prefix: 'cdk_AbCdEf',
  foodcourts: ['fc-blr-atrium'],
  foodcourt_names: ['Atrium Food Court'],
  status: 'active',
  created_by: 'demo.admin',
  created_at: '2026-11-20T09:00:00.000Z',
  last_used_at: '2026-11-29T10:15:00.000Z',
  calls_24h: 1234,
  revoked_by: null,
  revoked_at: null,
  expires_at: null,
  replaced_by: null,
  ...over,
});

const SECRET = 'cdk_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

function api(keys: ApiKeyView[], extra = {}) {
  return mockApiRoutes({
    'GET api_keys': () => ({ body: { api_keys: keys, total: keys.length } }),
    ...extra,
  });
}
const renderPage = (route = '/api-keys') =>
  renderScreen(<ApiKeysPage />, { path: '/api-keys', route, signedInAs: ADMIN });

describe('API keys page', { timeout: 60_000 }, () => {
  it('lists keys with their food courts by name, last use and calls, never ids', async () => {
    api([aKey(), aKey({ id: 8, api_client: 'pos-all', foodcourts: [], foodcourt_names: [], last_used_at: null })]);
    renderPage();
    const table = await loadedTable('API keys');
    const row = within(table).getByRole('row', { name: /kiosk-atrium/ });
    expect(row).toHaveTextContent('cdk_AbCdEf…');
    expect(row).toHaveTextContent('Atrium Food Court');
    expect(row).toHaveTextContent('1234');
    expect(row).toHaveTextContent('demo.admin');
    expect(row).not.toHaveTextContent('fc-blr-atrium');
    const all = within(table).getByRole('row', { name: /pos-all/ });
    expect(all).toHaveTextContent('All food courts');
    expect(all).toHaveTextContent('Never');
  });

  it('creates a key for chosen food courts and shows it once with a copy button', async () => {
    const fetchMock = api([], {
      'POST api_keys': ({ body }: { body: Record<string, unknown> }) => ({
        body: { message: 'API key created', key: SECRET, api_key: aKey({ api_client: String(body.api_client) }) },
      }),
    });
    const user = setupUser(); // user-event puts a clipboard of its own in place
    renderPage('/api-keys?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'App' }), 'kiosk-atrium');
    await user.click(within(dialog).getByRole('combobox', { name: 'Food courts' }));
    await user.click(await screen.findByRole('option', { name: 'Atrium Food Court' }));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Key for kiosk-atrium' });
    expect(within(shown).getByRole('status', { name: 'API key' })).toHaveTextContent(SECRET);
    expect(bodiesSent(fetchMock, 'POST api_keys')[0]).toMatchObject({
      api_client: 'kiosk-atrium',
      foodcourts: ['fc-blr-atrium'],
    });
    await user.click(within(shown).getByRole('button', { name: 'Copy key' }));
    expect(await screen.findByText('Key copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
  });

  it('rotates a key with the grace period chosen and says until when the old one works', async () => {
    const fetchMock = api([aKey()], {
      'POST api_keys/7/rotate': () => ({
        body: {
          message: 'API key rotated',
          key: SECRET,
          api_key: aKey({ id: 9, prefix: 'cdk_Zyxwvu' }),
          replaced: aKey({ status: 'expiring', expires_at: '2026-11-30T10:00:00.000Z', replaced_by: 9 }),
        },
      }),
    });
    const user = setupUser();
    const { router } = renderPage();
    await loadedTable('API keys');
    await user.click(screen.getByRole('button', { name: 'Rotate kiosk-atrium (cdk_AbCdEf…)' }));
    expect(router.state.location.search).toBe('?edit=7&dialog=rotate');
    const dialog = await screen.findByRole('dialog', { name: /Rotate the key cdk_AbCdEf/ });
    await user.click(within(dialog).getByRole('radio', { name: '24 hours' }));
    await user.click(within(dialog).getByRole('button', { name: 'Rotate key' }));
    const shown = await screen.findByRole('dialog', { name: 'Key for kiosk-atrium' });
    expect(shown).toHaveTextContent(SECRET);
    expect(shown).toHaveTextContent(/The old key cdk_AbCdEf… is accepted until 30-11-2026/);
    expect(bodiesSent(fetchMock, 'POST api_keys/7/rotate')).toMatchObject([{ grace_seconds: 86_400 }]);
  });

  it('revokes a key only after the question', async () => {
    const fetchMock = api([aKey()], {
      'DELETE api_keys/7': () => ({ body: { message: 'API key revoked', api_key: aKey({ status: 'revoked' }) } }),
    });
    const user = setupUser();
    renderPage();
    await loadedTable('API keys');
    await user.click(screen.getByRole('button', { name: 'Revoke kiosk-atrium (cdk_AbCdEf…)' }));
    const question = await screen.findByRole('dialog', { name: /Revoke the key cdk_AbCdEf… of kiosk-atrium\?/ });
    expect(requestsMade(fetchMock).some((r) => r.startsWith('DELETE'))).toBe(false);
    await user.click(within(question).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByTestId('notice')).toHaveTextContent('API key revoked');
    expect(requestsMade(fetchMock)).toContain('DELETE api_keys/7');
  });

  it('offers no rotate on a rotated key, and nothing on a revoked one', async () => {
    api([
      aKey({ status: 'expiring', expires_at: '2026-11-30T10:00:00.000Z', replaced_by: 9 }),
      aKey({ id: 8, api_client: 'old-pos', status: 'revoked', revoked_at: '2026-11-01T10:00:00.000Z' }),
    ]);
    renderPage();
    const table = await loadedTable('API keys');
    expect(within(table).getByRole('row', { name: /kiosk-atrium/ })).toHaveTextContent(/valid until 30-11-2026/);
    expect(screen.queryByRole('button', { name: /^Rotate/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke kiosk-atrium (cdk_AbCdEf…)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Revoke old-pos/ })).not.toBeInTheDocument();
  });
});
