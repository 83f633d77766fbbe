import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, callsTo, reportsApi } from '../testing/reports-api';
import { EmbeddedReportsPage } from './embedded-reports-page';

const embed = (id: number, name: string, expires_at: string | null = null) => ({
  id,
  client: 'demo',
  name,
  provider: 'metabase' as const,
  url: `https://bi.example/embed/${id}?token=t`,
  expires_at,
});

const renderPage = (route = '/power_bi_reports') =>
  renderScreen(<EmbeddedReportsPage />, { path: '/power_bi_reports', route, signedInAs: ADMIN });

describe('Embedded dashboards', { timeout: 60_000 }, () => {
  it('shows the dashboard of the address in a titled frame; an admin adds one with a write-only secret', async () => {
    const configs: unknown[] = [];
    const { record } = reportsApi({
      overrides: {
        'GET reports/embeds': () => ({ body: { embeds: [embed(1, 'Sales overview'), embed(2, 'Waste')] } }),
        'GET reports/embeds/config': () => ({ body: { embeds: configs } }),
        'POST reports/embeds/config': ({ body }) => {
          configs.push({ ...body, id: 9, has_secret: Boolean(body.secret) });
          return { body: { message: 'Dashboard saved' } };
        },
      },
    });
    const user = setupUser();
    const { router } = renderPage('/power_bi_reports?embed=2');
    const frame = await screen.findByTitle('Waste');
    expect(frame).toHaveAttribute('src', 'https://bi.example/embed/2?token=t');

    await user.click(screen.getByRole('button', { name: 'Manage dashboards' }));
    await waitFor(() => expect(router.state.location.search).toBe('?embed=2&dialog=manage'));
    const manage = await screen.findByRole('dialog', { name: 'Manage dashboards' });
    expect(await within(manage).findByText('No dashboards configured.')).toBeVisible();
    await user.click(within(manage).getByRole('button', { name: 'Add a dashboard' }));
    const form = await screen.findByRole('dialog', { name: 'Add a dashboard' });
    await fill(user, within(form).getByRole('textbox', { name: 'Name' }), 'Kitchen');
    await fill(user, within(form).getByRole('textbox', { name: 'Site address' }), 'https://metabase.example');
    await fill(user, within(form).getByRole('textbox', { name: 'Dashboard id' }), '12');
    await fill(user, within(form).getByLabelText('Embedding secret'), 's3cret-key');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const again = await screen.findByRole('dialog', { name: 'Manage dashboards' });
    expect(await within(again).findByText(/Kitchen/)).toBeVisible();
    expect(within(again).getByText(/secret stored/)).toBeVisible();
    expect(callsTo(record, 'POST', 'reports/embeds/config')[0]!.body).toMatchObject({
      client: 'demo',
      name: 'Kitchen',
      provider: 'metabase',
      site_url: 'https://metabase.example',
      resource: '12',
      secret: 's3cret-key',
    });
  });
});
