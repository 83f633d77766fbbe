import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NAME_RULE_MESSAGE } from '@cd/core';
import { renderScreen } from '../../../test/render';
import { editorProfile } from '../../../test/fixtures';
import { bodiesSent, mockApiRoutes } from '../../../test/mock-api-routes';
import { fill, setupUser } from '../../../test/user-events';
import { SiteProfilesPage } from './site-profiles-page';

describe('site profiles', { timeout: 60_000 }, () => {
  it('creates a profile from the sites tree after the name passes the name rule', async () => {
    const fetchMock = mockApiRoutes({
      'POST vendor/details': () => ({ body: editorProfile() }),
      'GET site_profiles': () => ({ body: { profiles: [] } }),
      'POST site_profiles': ({ body }) => ({
        body: {
          message: 'Profile created',
          profile: { id: 1, ...body, version: 1, updated_at: '2026-03-05T09:00:00', updated_by: 'demo.admin' },
        },
      }),
    });
    const user = setupUser();
    renderScreen(<SiteProfilesPage />, { path: '/siteprofile', route: '/siteprofile?action=new' });

    const name = await screen.findByLabelText(/^Name/, { selector: 'input' });
    await fill(user, name, 'Atrium / all');
    await user.click(screen.getByRole('checkbox', { name: 'London Riverside Campus' }));
    await user.click(screen.getByRole('button', { name: 'Expand Bengaluru Tech Park' }));
    await user.click(screen.getByRole('checkbox', { name: 'Atrium Food Court' }));
    await user.click(screen.getByText('Save'));
    expect(await screen.findByText(NAME_RULE_MESSAGE)).toBeInTheDocument();
    await fill(user, name, 'Atrium and London');
    await user.click(screen.getByText('Save'));
    expect(await screen.findByTestId('notice')).toHaveTextContent('Profile created');
    expect(bodiesSent(fetchMock, 'POST site_profiles')[0]).toMatchObject({
      name: 'Atrium and London',
      sites: { locations: ['loc-london'], foodcourts: ['fc-blr-atrium'], restaurants: [] },
    });
  });
});
