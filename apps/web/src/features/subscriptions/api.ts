import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  PLAN_SORT,
  PLAN_STATUSES,
  type changeBody,
  type enrolBody,
  type planBody,
  type Subscription,
  type SubscriptionPlan,
  type SubscriptionStatus,
} from '@cd/core';
import { apiGet, apiPost } from '../../lib/api-client';
import { listUrlState, withQuery } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

export type EnrolBody = z.output<typeof enrolBody>;
export type ChangeBody = z.output<typeof changeBody>;
export type MembersQuery = { status?: SubscriptionStatus; search?: string; page: number; page_size: number };

/** GET /subscription_plans?restaurant=&status=…; POST; PUT and DELETE /subscription_plans/:id (version-checked). */
export const planApi = makeResourceApi<SubscriptionPlan, z.output<typeof planBody>>({
  key: 'subscription_plans',
  path: 'subscription_plans',
  rowsField: 'plans',
  rowField: 'plan',
  idOf: (plan) => plan.id,
  exportName: 'subscription-plans.xlsx',
});

/** The address of /subscription: the plans' query, and `?dialog=members&edit=<id>` for a plan's members. */
export const plansUrl = listUrlState({
  sort: PLAN_SORT,
  dialogs: ['delete', 'members'] as const,
  filters: { restaurant: param.id(), status: param.oneOf(PLAN_STATUSES) },
});

const membersPath = (planId: number) => `subscription_plans/${planId}/members`;
type MembersAnswer = { subscriptions: Subscription[]; total: number };

/** GET /subscription_plans/:id/members?status=&search=&page=: the plan's subscriptions. */
export function usePlanMembers(planId: number, query: MembersQuery) {
  return useQuery({
    queryKey: [...planApi.keys.all, 'members', planId, query],
    queryFn: ({ signal }) => apiGet<MembersAnswer>(withQuery(membersPath(planId), query), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One subscription of a plan afresh (after a version conflict), or null when it is gone. */
export async function fetchSubscription(subscription: Subscription): Promise<Subscription | null> {
  const answer = await apiGet<MembersAnswer>(
    withQuery(membersPath(subscription.plan_id), { search: subscription.customer_ref, page: 1, page_size: 200 }),
  );
  return answer.subscriptions.find((s) => s.id === subscription.id) ?? null;
}

type SubscriptionAnswer = { message: string; subscription: Subscription };

/** Plans and their members go stale together (a plan's member count). */
function useInvalidatePlans() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: planApi.keys.all });
}

/** POST /subscriptions {plan_id, customer_ref, start_date}: a customer enrolled on a plan. */
export function useEnrol() {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: (body: EnrolBody) => apiPost<SubscriptionAnswer>('subscriptions', body),
    onSuccess: () => invalidate(),
  });
}

/** POST /subscriptions/:id/change {action, from, until, version}: pause, resume or cancel from a day on. */
export function useChangeSubscription() {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ChangeBody }) =>
      apiPost<SubscriptionAnswer>(`subscriptions/${id}/change`, body),
    onSuccess: () => invalidate(),
    // A conflict means the list is stale: its next answer carries the version saved since.
    onError: () => invalidate(),
  });
}
