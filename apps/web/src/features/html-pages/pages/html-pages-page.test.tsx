import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, aPage, htmlPagesApi, sent } from '../testing/html-pages-api';
import { HtmlPagesPage } from './html-pages-page';

const renderPage = (route = '/htmlmanager') =>
  renderScreen(<HtmlPagesPage />, { path: '/htmlmanager', route, signedInAs: ADMIN });

/** The editor drawer once its rich-text editor has loaded. */
async function editor(name: string | RegExp) {
  const drawer = await screen.findByRole('dialog', { name });
  await within(drawer).findByRole('textbox', { name: 'Page content' });
  return drawer;
}

/** Switches the body to its Source view and answers the HTML source field. */
async function source(user: ReturnType<typeof setupUser>, drawer: HTMLElement) {
  await user.click(within(drawer).getByRole('button', { name: 'Source' }));
  return within(drawer).getByRole('textbox', { name: 'HTML source' });
}

describe('HTML pages', { timeout: 60_000 }, () => {
  it('lists pages with their address name, site, status and whether they changed since published; filters by status', async () => {
    const { record } = htmlPagesApi();
    const user = setupUser();
    const { router } = renderPage();
    const table = await loadedTable('HTML pages');
    expect(within(table).getByRole('row', { name: /Terms of use terms-of-use All sites Published/ })).toBeVisible();
    const allergens = within(table).getByRole('row', { name: /Allergen notes allergens Atrium Food Court/ });
    expect(allergens).toHaveTextContent('PublishedChanged since published');
    expect(within(table).getByRole('row', { name: /Help help All sites Draft/ })).toBeVisible();
    expect(within(table).getByRole('row', { name: /Terms of use/ })).not.toHaveTextContent('Changed since published');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Draft' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=draft'));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Terms of use/ })).not.toBeInTheDocument());
    expect(record.at(-1)?.query.get('status')).toBe('draft');
  });

  it('adds a page: refuses a missing title and a bad address name, then saves and says the server removed markup', async () => {
    const { record } = htmlPagesApi();
    const user = setupUser();
    const { router } = renderPage();
    await loadedTable('HTML pages');
    await user.click(screen.getByRole('button', { name: 'Add page' }));
    let drawer = await editor('New HTML page');
    await fill(user, within(drawer).getByRole('textbox', { name: 'Address name' }), 'Terms of Use');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Enter the page title')).toBeVisible();
    expect(within(drawer).getByText('Use lower-case letters, digits and single hyphens (terms-of-use)')).toBeVisible();
    expect(sent(record, 'POST', 'html-pages')).toHaveLength(0);

    await fill(user, within(drawer).getByRole('textbox', { name: 'Address name' }), '');
    await fill(user, within(drawer).getByRole('textbox', { name: 'Title' }), 'Opening hours');
    // The address name follows the title until one is written.
    await waitFor(() =>
      expect(within(drawer).getByRole('textbox', { name: 'Address name' })).toHaveValue('opening-hours'),
    );
    const html = await source(user, drawer);
    await fill(user, html, '<p onclick="steal()">Open 8 to 8</p><script>alert(1)</script>');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.search).toBe('?edit=40'));
    expect(sent(record, 'POST', 'html-pages')[0]).toMatchObject({
      title: 'Opening hours',
      slug: 'opening-hours',
      foodcourt: null,
      html: '<p onclick="steal()">Open 8 to 8</p><script>alert(1)</script>',
    });
    drawer = await editor('Edit Opening hours');
    expect(within(drawer).getByText('Some markup was removed for safety')).toBeVisible();
    expect(await source(user, drawer)).toHaveValue('<p>Open 8 to 8</p>');
    expect(within(drawer).getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('opens a page from the address, saves with its version and publishes the saved draft', async () => {
    const { record } = htmlPagesApi();
    const user = setupUser();
    renderPage('/htmlmanager?edit=2');
    const drawer = await editor('Edit Allergen notes');
    expect(within(drawer).getByRole('textbox', { name: 'Page content' })).toHaveTextContent(
      'AllergensAsk at the counter.',
    );
    expect(within(drawer).getByLabelText('Page status')).toHaveTextContent('Changed since published');
    // Opening the editor changes nothing: the saved draft can be published as it is.
    expect(within(drawer).getByRole('button', { name: 'Publish' })).toBeEnabled();
    const html = await source(user, drawer);
    await fill(user, html, '<h2>Allergens</h2><p>Ask at the till.</p>');
    // Publishing names the saved draft: unsaved edits come first.
    expect(within(drawer).getByRole('button', { name: 'Publish' })).toBeDisabled();
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'PUT', 'html-pages/2')).toHaveLength(1));
    expect(sent(record, 'PUT', 'html-pages/2')[0]).toMatchObject({
      title: 'Allergen notes',
      slug: 'allergens',
      foodcourt: 'fc-blr-atrium',
      html: '<h2>Allergens</h2><p>Ask at the till.</p>',
      version: 4,
    });
    expect(within(drawer).queryByText('Some markup was removed for safety')).not.toBeInTheDocument();
    await user.click(await within(drawer).findByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(sent(record, 'POST', 'html-pages/2/publish')).toHaveLength(1));
    expect(sent(record, 'POST', 'html-pages/2/publish')[0]).toMatchObject({ version: 5 });
    await waitFor(() => expect(within(drawer).getByRole('button', { name: 'Publish' })).toBeDisabled());
    expect(within(drawer).getByLabelText('Page status')).not.toHaveTextContent('Changed since published');
    expect(within(drawer).getByRole('button', { name: 'Unpublish' })).toBeEnabled();
  });

  it('when someone else saved first, says so, keeps the edits, and Reload takes their copy', async () => {
    const { saveElsewhere } = htmlPagesApi();
    const user = setupUser();
    renderPage('/htmlmanager?edit=1');
    const drawer = await editor('Edit Terms of use');
    saveElsewhere();
    await fill(user, within(drawer).getByRole('textbox', { name: 'Title' }), 'Terms (mine)');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText(/changed by other.admin/)).toBeVisible();
    expect(within(drawer).getByRole('textbox', { name: 'Title' })).toHaveValue('Terms (mine)');
    await user.click(within(drawer).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(drawer).getByRole('textbox', { name: 'Title' })).toHaveValue('Terms (theirs)'));
  });

  it('lists the revisions and restores an older one after Yes, naming the revision and the version', async () => {
    const { record } = htmlPagesApi();
    const user = setupUser();
    renderPage('/htmlmanager?edit=1');
    const drawer = await editor('Edit Terms of use');
    await user.click(within(drawer).getByRole('button', { name: 'History' }));
    const list = await within(drawer).findByRole('list', { name: 'Revisions' });
    expect(within(list).getByRole('listitem', { name: 'Revision 2' })).toHaveTextContent('PublishedCurrent draftLive');
    expect(within(list).getByRole('listitem', { name: 'Revision 1' })).toHaveTextContent('Saved');
    expect(within(list).queryByRole('button', { name: 'Restore revision 2' })).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Restore revision 1' }));
    const ask = await screen.findByRole('dialog', { name: 'Restore revision 1?' });
    await user.click(within(ask).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(sent(record, 'POST', 'html-pages/1/revert')).toEqual([
        expect.objectContaining({ revision: 1, version: 3 }),
      ]),
    );
    await waitFor(() =>
      expect(within(drawer).getByRole('textbox', { name: 'Page content' })).toHaveTextContent('Revision 1'),
    );
    expect(await within(drawer).findByRole('listitem', { name: 'Revision 3' })).toHaveTextContent('Restored');
  });

  it('inserts a 3×3 table from the toolbar and adds a row to it', async () => {
    htmlPagesApi();
    const user = setupUser();
    renderPage('/htmlmanager?edit=3');
    const drawer = await editor('Edit Help');
    expect(within(drawer).getByRole('button', { name: 'Add row' })).toBeDisabled();
    await user.click(within(drawer).getByRole('button', { name: 'Insert table' }));
    const body = within(drawer).getByRole('textbox', { name: 'Page content' });
    await waitFor(() => expect(body.querySelectorAll('tr')).toHaveLength(3));
    expect(body.querySelectorAll('tr:first-child th')).toHaveLength(3);
    await user.click(within(drawer).getByRole('button', { name: 'Add row' }));
    await waitFor(() => expect(body.querySelectorAll('tr')).toHaveLength(4));
    expect(((await source(user, drawer)) as HTMLTextAreaElement).value).toMatch(/^<table.*<th><p><\/p><\/th>/);
  });

  it('opens a page whose markup the visual editor cannot keep in Source, so an edit does not drop it', async () => {
    htmlPagesApi({ pages: [aPage({ html: '<div class="note"><p>Hi</p></div><h4>Small print</h4>' })] });
    const user = setupUser();
    renderPage('/htmlmanager?edit=1');
    const drawer = await screen.findByRole('dialog', { name: 'Edit Terms of use' });
    const html = await within(drawer).findByRole('textbox', { name: 'HTML source' });
    expect(html).toHaveValue('<div class="note"><p>Hi</p></div><h4>Small print</h4>');
    expect(within(drawer).getByText(/opened in Source/)).toBeVisible();
    expect(within(drawer).getByRole('button', { name: 'Source' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(drawer).getByRole('button', { name: 'Source' }));
    expect(within(drawer).getByText(/an edit here drops what it cannot show/)).toBeVisible();
  });

  it('takes markup pasted in Source back to the visual editor without its event handlers (issue 35)', async () => {
    htmlPagesApi();
    const user = setupUser();
    renderPage('/htmlmanager?edit=3');
    const drawer = await editor('Edit Help');
    const html = await source(user, drawer);
    await user.clear(html);
    await user.click(html);
    await user.paste('<p>Hi</p><img src="x" onerror="window.__ran = true"><p onclick="window.__ran = true">there</p>');
    await user.click(within(drawer).getByRole('button', { name: 'Source' }));
    const body = await within(drawer).findByRole('textbox', { name: 'Page content' });
    await waitFor(() => expect(body.querySelector('img')).not.toBeNull());
    expect(body).toHaveTextContent('Hi');
    // The handlers are gone from everything in the page, and an image that fails to load runs nothing.
    expect(document.querySelectorAll('[onerror], [onclick]')).toHaveLength(0);
    document.querySelectorAll('img').forEach((img) => img.dispatchEvent(new Event('error')));
    (body.querySelector('p:last-of-type') as HTMLElement).click();
    expect((window as Window & { __ran?: boolean }).__ran).toBeUndefined();
  });
});
