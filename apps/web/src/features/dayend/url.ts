import { SAP_LINE_KINDS, SAP_POSTING_STATUSES } from '@cd/core';
import { listUrlState } from '../../lib/list-url-state';
import { defineUrlState, param } from '../../lib/url-state';

/** A restaurant's business day in the address: `?restaurant=&date=` (the date defaults to yesterday). */
export const dayUrl = defineUrlState({
  restaurant: param.id(),
  date: param.isoDate(),
});

/** /dayend: the day, and which of its lists shows below (recent days or the day-end log). */
export const dayendUrl = defineUrlState({
  ...dayUrl,
  tab: param.oneOfOr(['days', 'log'] as const, 'days'),
});

export const RULE_SORT = ['priority', 'kind', 'gl_account', 'cost_center', 'updated_at'] as const;

/** /sap-inflow: the posting rules (search, kind, sort, paging, dialogs); the preview keeps `preview_` keys. */
export const rulesUrl = listUrlState({
  sort: RULE_SORT,
  dialogs: ['delete'] as const,
  filters: { kind: param.oneOf(SAP_LINE_KINDS) },
});
export const PREVIEW_PREFIX = 'preview_';

export const LOG_SORT = ['business_date', 'created_at', 'status', 'attempts'] as const;

/** /sapupload's SAP log: business dates, status (the restaurant is the page's, above the list). */
export const sapLogsUrl = listUrlState({
  sort: LOG_SORT,
  filters: { from: param.isoDate(), to: param.isoDate(), status: param.oneOf(SAP_POSTING_STATUSES) },
});
