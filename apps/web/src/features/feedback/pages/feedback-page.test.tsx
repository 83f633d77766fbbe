import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, feedbackApi } from '../testing/feedback-api';
import { FeedbackPage } from './feedback-page';

const renderPage = (route = '/feedback') =>
  renderScreen(<FeedbackPage />, { path: '/feedback', route, signedInAs: ADMIN });
const listRequests = (record: ReturnType<typeof feedbackApi>['record']) =>
  record.filter((c) => c.method === 'GET' && c.path === 'feedbacklist').map((c) => Object.fromEntries(c.query));
const drawer = () => screen.findByRole('dialog', { name: 'Feedback #5' });

describe('Feedback', { timeout: 60_000 }, () => {
  it('asks the server with the filters of the address, and writes each filter chosen into it', async () => {
    const { record } = feedbackApi();
    const user = setupUser();
    const { router } = renderPage('/feedback?search=cold&status=open&type=feedback&rating=2&from=2026-03-01');
    const table = await loadedTable('Feedback');
    expect(
      within(table).getByRole('row', {
        name: /Feedback · Food ★★☆☆☆ 2\/5 Open Noodle House RVK-0007 The ramen was cold/,
      }),
    ).toBeVisible();
    expect(
      within(table).getByRole('row', { name: /Support · App — Open Riverside Kitchen — Cannot log in/ }),
    ).toBeVisible();
    expect(listRequests(record)[0]).toEqual({
      search: 'cold',
      status: 'open',
      type: 'feedback',
      rating: '2',
      from: '2026-03-01',
      page: '1',
      page_size: '25',
    });

    await user.click(screen.getByRole('switch', { name: 'Negative only' }));
    await waitFor(() => expect(router.state.location.search).toContain('negative=true'));
    await waitFor(() => expect(listRequests(record).at(-1)).toMatchObject({ negative: 'true', status: 'open' }));

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Support' }));
    await waitFor(() => expect(router.state.location.search).toContain('type=support'));
    await user.click(screen.getByRole('switch', { name: 'Negative only' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('negative'));
    await waitFor(() => expect(listRequests(record).at(-1)).not.toHaveProperty('negative'));
  });

  it('answers a ticket and resolves it: the reply shows in the thread, the status follows', async () => {
    const { record } = feedbackApi();
    const user = setupUser();
    const { router } = renderPage();
    await loadedTable('Feedback');
    await user.click(screen.getByRole('button', { name: 'Open ticket #5' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=5'));
    const detail = await drawer();
    expect(within(detail).getByRole('link', { name: 'RVK-0007' })).toHaveAttribute('href', '/orderhistory?view=7');
    expect(detail).toHaveTextContent('★★☆☆☆ 2/5');
    expect(detail).toHaveTextContent('Feedback · Food');
    expect(within(detail).getByText('It was the whole bowl.')).toBeVisible();

    // An empty reply is refused before anything is sent.
    await user.click(within(detail).getByRole('button', { name: 'Send reply' }));
    expect(within(detail).getByText('Write a reply')).toBeVisible();
    await fill(user, within(detail).getByRole('textbox', { name: 'Your reply' }), 'Sorry, we have refunded it.');
    await user.click(within(detail).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(within(detail).getAllByRole('listitem').at(-1)).toHaveTextContent(
        'Demo Administrator (staff) · 03-03-2026',
      ),
    );
    expect(within(detail).getAllByRole('listitem').at(-1)).toHaveTextContent('Sorry, we have refunded it.');
    expect(within(detail).getByRole('textbox', { name: 'Your reply' })).toHaveValue('');
    // A staff reply moved the open ticket on.
    expect(within(detail).getByRole('combobox', { name: 'Status' })).toHaveTextContent('In progress');

    await user.click(within(detail).getByRole('combobox', { name: 'Assignee' }));
    await user.click(await screen.findByRole('option', { name: 'Cx Lead (cx.lead)' }));
    await waitFor(() =>
      expect(within(detail).getByRole('combobox', { name: 'Assignee' })).toHaveTextContent('Cx Lead'),
    );
    await user.click(within(detail).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Resolved' }));
    await waitFor(() => expect(within(detail).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Resolved'));

    const writes = record.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body]);
    expect(writes).toEqual([
      ['POST', 'feedback/5/replies', expect.objectContaining({ body: 'Sorry, we have refunded it.' })],
      ['PATCH', 'feedback/5', expect.objectContaining({ version: 3, assignee: 'cx.lead' })],
      ['PATCH', 'feedback/5', expect.objectContaining({ version: 4, status: 'resolved' })],
    ]);
    // The list was asked again: closed, the ticket shows its new status and assignee.
    await user.click(within(detail).getByRole('button', { name: 'Close' }));
    const table = await loadedTable('Feedback');
    expect(within(table).getByRole('row', { name: /The ramen was cold Cx Lead 2/ })).toHaveTextContent('Resolved');
  });

  it('says who changed the ticket first on a stale version, reloads it, and the next change names the new version', async () => {
    const { record, ticket } = feedbackApi();
    const user = setupUser();
    renderPage('/feedback?view=5');
    const detail = await drawer();
    // Someone else resolves it meanwhile.
    Object.assign(ticket, { status: 'resolved', version: 7, assignee: 'cx.lead', assignee_name: 'Cx Lead' });

    await user.click(within(detail).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'In progress' }));
    const alert = await within(detail).findByRole('alert');
    expect(alert).toHaveTextContent('Saved by someone else');
    expect(alert).toHaveTextContent('Changed by someone else');
    // Reloaded: the saved copy shows.
    await waitFor(() => expect(within(detail).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Resolved'));
    expect(within(detail).getByRole('combobox', { name: 'Assignee' })).toHaveTextContent('Cx Lead');

    await user.click(within(detail).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'In progress' }));
    await waitFor(() =>
      expect(within(detail).getByRole('combobox', { name: 'Status' })).toHaveTextContent('In progress'),
    );
    expect(within(detail).queryByRole('alert')).not.toBeInTheDocument();
    expect(record.filter((c) => c.method === 'PATCH').map((c) => (c.body as { version: number }).version)).toEqual([
      2, 7,
    ]);
  });
});
