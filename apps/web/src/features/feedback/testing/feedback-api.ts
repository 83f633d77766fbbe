import type { FeedbackDetail, FeedbackSummary } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';
import { mockApiRoutes, type MockCall, type MockReply } from '../../../test/mock-api-routes';

export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[] },
};

/** Ticket 5: a 2-star feedback on order RVK-0007, open, unassigned, one customer reply. */
export function ticketFive(): FeedbackDetail {
  return {
    feedback_id: 5,
    type: 'feedback',
    category: 'food',
    status: 'open',
    rating: 2,
    negative: true,
    comment: 'The ramen was cold',
    foodcourt: 'fc-ldn-river',
    foodcourt_name: 'Riverside Kitchen',
    restaurant: 'fc-ldn-river:noodle-house',
    restaurant_name: 'Noodle House',
    order_id: 7,
    order_number: 'RVK-0007',
    customer_ref: 'EMP-1',
    customer_name: 'Asha',
    assignee: null,
    assignee_name: null,
    source: 'kiosk-river',
    reply_count: 1,
    last_reply_at: '2026-03-02T13:05:00Z',
    created_at: '2026-03-02T13:00:00Z',
    updated_at: '2026-03-02T13:05:00Z',
    version: 2,
    contact: 'asha@example.test',
    updated_by: null,
    replies: [
      {
        reply_id: 50,
        author: 'kiosk-river',
        author_name: 'Asha',
        author_kind: 'customer',
        body: 'It was the whole bowl.',
        created_at: '2026-03-02T13:05:00Z',
      },
    ],
  };
}

const summaryOf = ({ contact: _c, updated_by: _u, replies: _r, ...summary }: FeedbackDetail): FeedbackSummary =>
  summary;

/** The feedback endpoints as the server answers them: replies and changes move the version on. */
export function feedbackApi(options: { patchReply?: (body: Record<string, unknown>) => MockReply | undefined } = {}) {
  const ticket = ticketFive();
  const other: FeedbackSummary = {
    ...summaryOf(ticketFive()),
    feedback_id: 6,
    type: 'support',
    category: 'app',
    rating: null,
    negative: false,
    comment: 'Cannot log in',
    order_id: null,
    order_number: null,
    restaurant: null,
    restaurant_name: null,
  };
  const record: MockCall[] = [];
  const changed = (message: string) => ({ body: { message, feedback: ticket } });
  const fetchMock = mockApiRoutes(
    {
      'GET feedbacklist': () => ({ body: { feedback: [summaryOf(ticket), other], total: 2 } }),
      'GET feedback/5': () => ({ body: { feedback: ticket } }),
      'GET feedback/assignees': () => ({
        body: {
          assignees: [
            { userid: 'demo.admin', name: 'Demo Administrator' },
            { userid: 'cx.lead', name: 'Cx Lead' },
          ],
        },
      }),
      'POST feedback/5/replies': ({ body }) => {
        ticket.replies.push({
          reply_id: 51,
          author: 'demo.admin',
          author_name: 'Demo Administrator',
          author_kind: 'staff',
          body: String(body.body),
          created_at: '2026-03-03T09:00:00Z',
        });
        Object.assign(ticket, { reply_count: 2, version: ticket.version + 1 });
        if (ticket.status === 'open') ticket.status = 'in_progress';
        return changed('Reply sent');
      },
      'PATCH feedback/5': ({ body }) => {
        const early = options.patchReply?.(body);
        if (early) return early;
        if (body.version !== ticket.version)
          return {
            status: 409,
            body: { result: 'failure', message: 'Changed by someone else', extras: { code: 'versionConflict' } },
          };
        if (body.status) ticket.status = body.status as FeedbackDetail['status'];
        if (body.assignee !== undefined) {
          ticket.assignee = body.assignee as string | null;
          ticket.assignee_name = body.assignee === 'cx.lead' ? 'Cx Lead' : null;
        }
        ticket.version += 1;
        return changed('Ticket updated');
      },
    },
    { record },
  );
  return { fetchMock, record, ticket };
}
