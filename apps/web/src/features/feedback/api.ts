import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_RATING_MAX,
  FEEDBACK_SORT,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
  type FeedbackDetail,
  type FeedbackSummary,
  type FeedbackUpdateBody,
} from '@cd/core';
import { apiGet, apiPatch, apiPost } from '../../lib/api-client';
import { listUrlState } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

/** GET /feedbacklist (spec 000 §7): feedback and support tickets, newest first. */
export const feedbackApi = makeResourceApi<FeedbackSummary, object>({
  key: 'feedback',
  path: 'feedbacklist',
  rowsField: 'feedback',
  rowField: 'feedback',
  idOf: (feedback) => feedback.feedback_id,
});

const detailKey = (id: string) => [...feedbackApi.keys.all, 'detail', id] as const;
const detailPath = (id: string | number) => `feedback/${encodeURIComponent(String(id))}`;

/** GET /feedback/:id: one ticket with its replies, oldest first. */
export function useFeedbackDetail(id: string) {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => apiGet<{ feedback: FeedbackDetail }>(detailPath(id), { signal }).then((a) => a.feedback),
  });
}

/** GET /feedback/assignees: the users tickets may be given to. */
export function useFeedbackAssignees() {
  return useQuery({
    queryKey: [...feedbackApi.keys.all, 'assignees'],
    queryFn: ({ signal }) =>
      apiGet<{ assignees: { userid: string; name: string }[] }>('feedback/assignees', { signal }).then(
        (a) => a.assignees,
      ),
    staleTime: 5 * 60_000,
  });
}

type ChangeAnswer = { message: string; feedback: FeedbackDetail };

/**
 * A change of one ticket: the answer's ticket replaces the one shown, then the lists go stale. A failure (a 409
 * when someone changed or answered it since) reloads the ticket, so the next change names the version saved.
 */
function useTicketChange<V>(id: number, send: (value: V) => Promise<ChangeAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (answer) => {
      queryClient.setQueryData(detailKey(String(id)), answer.feedback);
      await queryClient.invalidateQueries({ queryKey: feedbackApi.keys.lists() });
    },
    onError: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: detailKey(String(id)) }),
        queryClient.invalidateQueries({ queryKey: feedbackApi.keys.lists() }),
      ]),
  });
}

export type TicketChange = Pick<FeedbackUpdateBody, 'version' | 'status' | 'assignee'>;

/** PATCH /feedback/:id {version, status?, assignee?}: 409 versionConflict on a stale version. */
export function useUpdateFeedback(id: number) {
  return useTicketChange(id, (body: TicketChange) => apiPatch<ChangeAnswer>(detailPath(id), body));
}

/** POST /feedback/:id/replies {body}: a staff reply (an open ticket moves to in progress). */
export function useReplyFeedback(id: number) {
  return useTicketChange(id, (body: string) => apiPost<ChangeAnswer>(`${detailPath(id)}/replies`, { body }));
}

export const RATINGS = Array.from({ length: FEEDBACK_RATING_MAX }, (_, i) => String(i + 1));

/** /feedback: the list's query and filters; ?view=<feedback id> opens a ticket. */
export const feedbackUrl = listUrlState({
  sort: FEEDBACK_SORT,
  filters: {
    foodcourt: param.id(),
    restaurant: param.id(),
    status: param.oneOf(FEEDBACK_STATUSES),
    type: param.oneOf(FEEDBACK_TYPES),
    category: param.oneOf(FEEDBACK_CATEGORIES),
    rating: param.oneOf(RATINGS),
    negative: param.oneOf(['true'] as const),
    from: param.isoDate(),
    to: param.isoDate(),
  },
});
