import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type MenuCompactAnswer,
  PRODUCTION_PLAN_SORT,
  PRODUCTION_PLAN_STATUSES,
  type ProductionLinesBody,
  type ProductionPlan,
  type ProductionProposeBody,
} from '@cd/core';
import { apiGet, apiGetFile, apiPost, apiPut } from '../../lib/api-client';
import { fileNameOf, saveBlob } from '../../lib/download';
import { listUrlState } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

/** GET /production_plans?restaurant=&status=; DELETE /production_plans/:id?version= (a draft). */
export const productionPlanApi = makeResourceApi<ProductionPlan, object>({
  key: ['production-plans'],
  path: 'production_plans',
  rowsField: 'plans',
  rowField: 'plan',
  idOf: (plan) => plan.id,
});

/** The address of /production_planning_menuMgmt: the restaurant, the list's keys, the status filter, the plan open. */
export const productionUrl = listUrlState({
  sort: PRODUCTION_PLAN_SORT,
  dialogs: ['delete'] as const,
  filters: { restaurant: param.id(), status: param.oneOf(PRODUCTION_PLAN_STATUSES) },
});

const planKey = (id: number) => [...productionPlanApi.keys.all, 'plan', id];

/** The sessions a plan can be for (all_day first). */
export function useProductionSessions(restaurant: string) {
  return useQuery({
    queryKey: [...productionPlanApi.keys.all, 'sessions', restaurant],
    queryFn: ({ signal }) =>
      apiGet<{ sessions: string[] }>(`production_plans/sessions?restaurant=${encodeURIComponent(restaurant)}`, {
        signal,
      }).then((a) => a.sessions),
  });
}

/** One plan with its lines. */
export function usePlan(id: number) {
  return useQuery({
    queryKey: planKey(id),
    queryFn: ({ signal }) => apiGet<{ plan: ProductionPlan }>(`production_plans/${id}`, { signal }).then((a) => a.plan),
  });
}

export const fetchPlan = (id: number) => apiGet<{ plan: ProductionPlan }>(`production_plans/${id}`).then((a) => a.plan);

type PlanAnswer = { message: string; plan: ProductionPlan };

/** After a change: the list is stale and the plan's copy is the answer's. */
function usePlanMutation<V>(fn: (vars: V) => Promise<PlanAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (answer) => {
      queryClient.setQueryData(planKey(answer.plan.id), answer.plan);
      await queryClient.invalidateQueries({ queryKey: productionPlanApi.keys.lists() });
    },
  });
}

/** POST /production_plans/propose: a new draft, or the draft refreshed keeping hand edits. */
export const usePropose = () =>
  usePlanMutation((body: ProductionProposeBody) =>
    apiPost<PlanAnswer & { created: boolean; kept: number }>('production_plans/propose', body),
  );

/** PUT /production_plans/:id: hand adjustments with the version edited (409 when someone saved first). */
export const useSavePlan = () =>
  usePlanMutation(({ id, body, version }: { id: number; body: ProductionLinesBody; version: number }) =>
    apiPut<PlanAnswer>(`production_plans/${id}`, { ...body, version }),
  );

/** POST /production_plans/:id/approve or /reopen. */
export const useSetPlanStatus = () =>
  usePlanMutation(({ id, to, version }: { id: number; to: 'approve' | 'reopen'; version: number }) =>
    apiPost<PlanAnswer>(`production_plans/${id}/${to}`, { version }),
  );

/** Downloads the prep sheet (PDF or .xlsx) of the saved plan. */
export async function downloadPrepSheet(plan: ProductionPlan, format: 'pdf' | 'xlsx'): Promise<string> {
  const result = await apiGetFile(`production_plans/${plan.id}/prep_sheet?format=${format}`);
  if (result.kind !== 'file') throw new Error('No file');
  const name = fileNameOf(result.disposition, `prep-sheet-${plan.plan_date}.${format}`);
  saveBlob(result.blob, name);
  return name;
}

/** POST menu/compact: the restaurant's items, to add one by hand to a plan. */
export function useRestaurantItems(restaurant: string, enabled: boolean) {
  return useQuery({
    queryKey: ['production-plans', 'items', restaurant],
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      apiPost<MenuCompactAnswer>('menu/compact', { restaurant_list: [restaurant] }, { signal }).then(
        (answer) => answer.menus[0]?.fooditems ?? [],
      ),
  });
}
