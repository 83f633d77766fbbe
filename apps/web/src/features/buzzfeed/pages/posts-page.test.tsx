import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, buzzfeedApi, callsTo, sent, userWith } from '../testing/buzzfeed-api';
import { PostsPage } from './posts-page';

const renderPage = (route = '/buzzfeed', signedInAs: ReturnType<typeof userWith> = ADMIN) =>
  renderScreen(<PostsPage />, { path: '/buzzfeed', route, signedInAs });

describe('News feed', { timeout: 60_000 }, () => {
  it('lists posts with their sites, state, publish time and poll votes; filters by state', async () => {
    const { record } = buzzfeedApi();
    const user = setupUser();
    const { router } = renderPage();
    const table = await loadedTable('News posts');
    expect(
      within(table).getByRole('row', { name: /Vote for the new dessert Atrium Food Court, Tower B Canteen Live/ }),
    ).toHaveTextContent(/Live01-03-2026 \d\d:\d\d5/);
    expect(within(table).getByRole('row', { name: /Holi closing hours All sites Draft At once —/ })).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Draft' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=draft'));
    await waitFor(() =>
      expect(within(table).queryByRole('row', { name: /Vote for the new dessert/ })).not.toBeInTheDocument(),
    );
    expect(record.at(-1)?.query.get('state')).toBe('draft');
  });

  it('adds a post with a poll: refuses what the contract refuses, then sends the sites, options and defaults', async () => {
    const { record } = buzzfeedApi();
    const user = setupUser();
    renderPage();
    await loadedTable('News posts');
    await user.click(screen.getByRole('button', { name: 'Add post' }));
    const drawer = await screen.findByRole('dialog', { name: 'New post' });
    await fill(user, within(drawer).getByRole('textbox', { name: 'Link' }), 'javascript:alert(1)');
    await user.click(within(drawer).getByRole('switch', { name: 'Add a poll' }));
    await fill(user, within(drawer).getByRole('textbox', { name: 'Option 1' }), 'Tea');
    await fill(user, within(drawer).getByRole('textbox', { name: 'Option 2' }), 'tea');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Enter the title')).toBeVisible();
    expect(within(drawer).getByText('Use a web address starting with https:// (or mailto:, tel:)')).toBeVisible();
    expect(within(drawer).getByText('Enter the question')).toBeVisible();
    expect(within(drawer).getByText('Options must differ')).toBeVisible();
    expect(callsTo(record, 'POST', 'buzzfeed/posts')).toHaveLength(0);

    await fill(user, within(drawer).getByRole('textbox', { name: 'Title' }), 'Morning drinks');
    await fill(user, within(drawer).getByRole('textbox', { name: 'Link' }), 'https://example.com/drinks');
    await fill(user, within(drawer).getByRole('textbox', { name: 'Question' }), 'What do you drink?');
    await fill(user, within(drawer).getByRole('textbox', { name: 'Option 2' }), 'Coffee');
    await user.click(within(drawer).getByRole('button', { name: 'Add option' }));
    await fill(user, within(drawer).getByRole('textbox', { name: 'Option 3' }), 'Juice');
    await user.click(within(drawer).getByRole('combobox', { name: 'Sites' }));
    await user.click(await screen.findByRole('option', { name: 'Atrium Food Court' }));
    await user.keyboard('{Escape}');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'POST', 'buzzfeed/posts')).toHaveLength(1));
    expect(sent(record, 'POST', 'buzzfeed/posts')[0]).toMatchObject({
      title: 'Morning drinks',
      body: '',
      foodcourts: ['fc-blr-atrium'],
      media: [],
      link: 'https://example.com/drinks',
      pinned: false,
      status: 'draft',
      publish_at: null,
      expires_at: null,
      poll: { question: 'What do you drink?', options: ['Tea', 'Coffee', 'Juice'], closes_at: null },
    });
    expect(await screen.findByText('Post added')).toBeVisible();
  });

  it('offers polls only to holders of buzzfeed_polls; others see a saved poll read only and keep it', async () => {
    const { record } = buzzfeedApi();
    const user = setupUser();
    renderPage('/buzzfeed?action=new', userWith());
    const drawer = await screen.findByRole('dialog', { name: 'New post' });
    expect(within(drawer).queryByRole('switch', { name: 'Add a poll' })).not.toBeInTheDocument();
    expect(within(drawer).queryByText('Poll')).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));

    await user.click(await screen.findByRole('button', { name: 'Edit Vote for the new dessert' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Vote for the new dessert' });
    expect(within(edit).getByRole('textbox', { name: 'Question' })).toBeDisabled();
    expect(within(edit).queryByRole('button', { name: 'Add option' })).not.toBeInTheDocument();
    await fill(user, within(edit).getByRole('textbox', { name: 'Title' }), 'Vote for dessert');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'PUT', 'buzzfeed/posts/1')).toHaveLength(1));
    expect(sent(record, 'PUT', 'buzzfeed/posts/1')[0]).toMatchObject({
      title: 'Vote for dessert',
      poll: { question: 'Which dessert?', options: ['Kheer', 'Brownie'], closes_at: null },
      version: 2,
    });
  });

  it('shows the poll results with a bar per option and refreshes them every 5 s while the post is open', async () => {
    const { record, vote } = buzzfeedApi();
    renderPage('/buzzfeed?edit=1', userWith({ polls: true }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Vote for the new dessert' });
    const results = await within(drawer).findByRole('region', { name: 'Results' });
    expect(within(results).getByRole('status')).toHaveTextContent('5 votes');
    expect(within(results).getByRole('progressbar', { name: 'Kheer: 3 votes (60%)' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    expect(within(results).getByRole('progressbar', { name: 'Brownie: 2 votes (40%)' })).toBeVisible();
    vote(1);
    await waitFor(() => expect(within(results).getByRole('status')).toHaveTextContent('6 votes'), { timeout: 8000 });
    expect(within(results).getByRole('progressbar', { name: 'Brownie: 3 votes (50%)' })).toBeVisible();
    expect(callsTo(record, 'GET', 'buzzfeed/posts/1').length).toBeGreaterThanOrEqual(2);
  });

  it('when someone else saved first, says who and keeps the typed title until Reload', async () => {
    const { editElsewhere } = buzzfeedApi();
    const user = setupUser();
    renderPage('/buzzfeed?edit=2');
    const drawer = await screen.findByRole('dialog', { name: 'Edit Holi closing hours' });
    editElsewhere();
    await fill(user, within(drawer).getByRole('textbox', { name: 'Title' }), 'Holi hours (mine)');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText(/changed by other.admin/)).toBeVisible();
    expect(within(drawer).getByRole('textbox', { name: 'Title' })).toHaveValue('Holi hours (mine)');
    await user.click(within(drawer).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(within(drawer).getByRole('textbox', { name: 'Title' })).toHaveValue('Holi hours (theirs)'),
    );
  });
});
