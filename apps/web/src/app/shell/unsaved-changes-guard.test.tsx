import { lazy } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MENU_MANAGEMENT_PAGES } from '@cd/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { hasUnsavedChanges, useUnsavedChanges } from '../../lib/unsaved-changes';
import { profileAnswer, renderSignedIn, stubScreenWidth } from '../../test/render-app';

const menuUser = profileAnswer({ pagepermissionaccess: [...MENU_MANAGEMENT_PAGES] });

function EditingPage() {
  const { dirty, setDirty } = useUnsavedChanges();
  return (
    <div>
      <h1>Menu editor</h1>
      <button onClick={() => setDirty(true)}>Change something</button>
      <p>{dirty ? 'unsaved' : 'saved'}</p>
    </div>
  );
}
const builtPages = { '/menu': lazy(async () => ({ default: EditingPage })) };

async function openDirtyEditor(route = '/menu') {
  const user = userEvent.setup();
  const view = renderSignedIn(route, { profile: menuUser, builtPages });
  if (route !== '/menu') {
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await act(() => view.router.navigate('/menu'));
  }
  await user.click(await screen.findByRole('button', { name: 'Change something' }));
  expect(hasUnsavedChanges()).toBe(true);
  return { user, ...view };
}

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const question = () => screen.findByRole('dialog', { name: 'Unsaved changes' });

beforeEach(() => stubScreenWidth(1280));

describe('unsaved-changes guard', () => {
  it('asks before leaving a page with unsaved changes, and stays on No', async () => {
    const { user, router } = await openDirtyEditor();
    await user.click(within(nav()).getByRole('link', { name: 'Pricebook' }));

    const dialog = await question();
    expect(within(dialog).getByText('You have unsaved changes. Leave this page?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/menu');
    expect(screen.getByText('unsaved')).toBeInTheDocument();
    expect(hasUnsavedChanges()).toBe(true);
  });

  it('proceeds on Yes and clears the flag', async () => {
    const { user, router } = await openDirtyEditor();
    await user.click(within(nav()).getByRole('link', { name: 'Pricebook' }));
    await user.click(within(await question()).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pricebook'));
    expect(hasUnsavedChanges()).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Clean now: the next navigation does not ask.
    await user.click(within(nav()).getByRole('link', { name: 'Allergens' }));
    expect(router.state.location.pathname).toBe('/allergens');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('guards the back button too', async () => {
    const { user, router } = await openDirtyEditor('/pricebook');
    await act(() => router.navigate(-1));

    await user.click(within(await question()).getByRole('button', { name: 'No' }));
    expect(router.state.location.pathname).toBe('/menu');

    await act(() => router.navigate(-1));
    await user.click(within(await question()).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricebook'));
  });

  it('clicking home (the logo and title) clears the flag and goes home without asking', async () => {
    const { user, router } = await openDirtyEditor();
    await user.click(screen.getByRole('link', { name: 'Control Desk home' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('the browser warns on unload only while there are unsaved changes', async () => {
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await openDirtyEditor();
    expect(unload()).toBe(true);

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Control Desk home' }));
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
    expect(unload()).toBe(false);
  });

  it('a clean page navigates freely', async () => {
    const user = userEvent.setup();
    const { router } = renderSignedIn('/menu', { profile: menuUser, builtPages });
    await screen.findByRole('heading', { name: 'Menu editor' });
    await user.click(within(nav()).getByRole('link', { name: 'Pricebook' }));
    expect(router.state.location.pathname).toBe('/pricebook');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
