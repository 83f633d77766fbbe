import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { UPSELL_SORT, type UpsellRule, type upsellResultsAnswer, type upsellRuleBody } from '@cd/core';
import { apiGet } from '../../lib/api-client';
import { listUrlState, withQuery } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

export type UpsellInput = z.input<typeof upsellRuleBody>;
export type UpsellOutput = z.output<typeof upsellRuleBody>;
export type TakeUp = z.infer<typeof upsellResultsAnswer>;

/** GET /upsell_rules; POST /upsell_rules; PUT and DELETE /upsell_rules/:id (version-checked). */
export const upsellApi = makeResourceApi<UpsellRule, UpsellOutput>({
  key: 'upsell-rules',
  path: 'upsell_rules',
  rowsField: 'rules',
  rowField: 'rule',
  idOf: (rule) => rule.id,
  exportName: 'upsell-rules.xlsx',
});

/** /upselling: the list's query, the active filter; `?dialog=takeup&edit=<id>` a rule's take-up, `?dialog=preview` a cart. */
export const upsellUrl = listUrlState({
  sort: UPSELL_SORT,
  dialogs: ['delete', 'takeup', 'preview'] as const,
  filters: { active: param.oneOf(['true', 'false'] as const) },
});

export const TAKE_UP_DAYS = [7, 30, 90] as const;
export type TakeUpDays = (typeof TAKE_UP_DAYS)[number];

/** GET /upsell_rules/:id/results?days=: orders with a trigger item, those that also took a suggestion, by item. */
export function useTakeUp(id: number, days: TakeUpDays) {
  return useQuery({
    queryKey: [...upsellApi.keys.all, 'results', id, days],
    queryFn: ({ signal }) => apiGet<TakeUp>(withQuery(`upsell_rules/${id}/results`, { days }), { signal }),
    placeholderData: keepPreviousData,
  });
}
