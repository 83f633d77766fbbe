import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CAMPAIGN_PAGE_SIZE,
  CAMPAIGN_SORT,
  CAMPAIGN_STATUSES,
  type Campaign,
  type campaignAnswer,
  type campaignBody,
  type CampaignResults,
  type CampaignStatus,
  type CustomerGroup,
  type Offer,
} from '@cd/core';
import { apiGet, apiPost } from '../../lib/api-client';
import { listUrlState, withQuery } from '../../lib/list-url-state';
import { makeResourceApi, type ListResult } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

export type CampaignBody = z.input<typeof campaignBody>;
type CampaignAnswer = z.infer<typeof campaignAnswer>;

/** Only these can still be changed (and cancelled, when scheduled); the others open read only. */
export const EDITABLE: readonly CampaignStatus[] = ['draft', 'scheduled'];
export const isEditable = (campaign: Campaign) => EDITABLE.includes(campaign.status);

/** GET /campaigns (10 a page), POST /campaigns, PUT and DELETE /campaigns/:id (version-checked). */
export const campaignApi = makeResourceApi<Campaign, CampaignBody>({
  key: 'campaigns',
  path: 'campaigns',
  rowsField: 'campaigns',
  rowField: 'campaign',
  idOf: (campaign) => campaign.id,
  // The list pages by 10 at most: a campaign not on the page shown is looked for by its id.
  fetchOne: async (id, signal, base) => {
    const query = { ...base, search: id, page: 1, page_size: CAMPAIGN_PAGE_SIZE };
    const answer = await apiGet<{ campaigns: Campaign[] }>(withQuery('campaigns', query), { signal });
    return answer.campaigns.find((c) => String(c.id) === id) ?? null;
  },
});

export const campaignsUrl = listUrlState({
  sort: CAMPAIGN_SORT,
  dialogs: ['delete', 'cancel'] as const,
  filters: { status: param.oneOf(CAMPAIGN_STATUSES) },
  pageSizes: [CAMPAIGN_PAGE_SIZE],
});

/** A campaign from the lists already loaded (the page shown), so its detail needs no call of its own. */
export function useKnownCampaign(id: string): Campaign | undefined {
  const queryClient = useQueryClient();
  const lists = queryClient.getQueriesData<ListResult<Campaign>>({ queryKey: campaignApi.keys.lists() });
  for (const [, data] of lists) {
    const found = data?.rows.find((c) => String(c.id) === id);
    if (found) return found;
  }
  return undefined;
}

/** The form's group choice: GET /groups?page_size=200&sort=name. */
export function useGroupChoices() {
  return useQuery({
    queryKey: ['campaigns', 'groups'],
    queryFn: ({ signal }) =>
      apiGet<{ groups: CustomerGroup[] }>(withQuery('groups', { page: 1, page_size: 200, sort: 'name' }), { signal }),
    select: (answer) => answer.groups,
    staleTime: 30_000,
  });
}

/** The form's offer choice: code offers (GET /offers?trigger=code&page_size=200&sort=name) active or draft. */
export function useOfferChoices() {
  return useQuery({
    queryKey: ['campaigns', 'offers'],
    queryFn: ({ signal }) =>
      apiGet<{ offers: Offer[] }>(withQuery('offers', { trigger: 'code', page: 1, page_size: 200, sort: 'name' }), {
        signal,
      }),
    select: (answer) => answer.offers.filter((o) => o.status === 'active' || o.status === 'draft'),
    staleTime: 30_000,
  });
}

/** POST /campaigns/:id/cancel {version}: a scheduled campaign is not sent. */
export function useCancelCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaign: Campaign) =>
      apiPost<CampaignAnswer>(`campaigns/${campaign.id}/cancel`, { version: campaign.version }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
  });
}

/** GET /campaigns/:id/results: the treated members against the control group. */
export function useCampaignResults(id: string) {
  return useQuery({
    queryKey: ['campaigns', 'results', id],
    queryFn: ({ signal }) => apiGet<CampaignResults>(`campaigns/${encodeURIComponent(id)}/results`, { signal }),
  });
}
