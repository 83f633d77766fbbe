import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  OFFER_KINDS,
  OFFER_SORT,
  OFFER_STATUSES,
  type CustomerGroup,
  type generateCodesAnswer,
  type MarketingItem,
  type Offer,
  type offerBody,
  type offerCodeSchema,
  type offerResultsAnswer,
  type OfferTrigger,
  type QuoteView,
  type tryCartBody,
} from '@cd/core';
import { apiGet, apiGetFile, apiPost } from '../../lib/api-client';
import { fileNameOf, saveBlob } from '../../lib/download';
import { listUrlState, withQuery } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

export type OfferCode = z.infer<typeof offerCodeSchema>;
export type OfferResults = z.infer<typeof offerResultsAnswer>;
export type TryCartInput = z.input<typeof tryCartBody>;
export type TryCartOutput = z.output<typeof tryCartBody>;

/** GET /offers?trigger=…; POST /offers; PUT and DELETE /offers/:id (version-checked). */
export const offerApi = makeResourceApi<Offer, z.output<typeof offerBody>>({
  key: 'offers',
  path: 'offers',
  rowsField: 'offers',
  rowField: 'offer',
  idOf: (offer) => offer.id,
  exportName: 'offers.xlsx',
});

/** The address of /promotions and /discounts (the trigger is the route's, not the address's). */
export const offersUrl = listUrlState({
  sort: OFFER_SORT,
  dialogs: ['delete', 'codes', 'results', 'try'] as const,
  filters: { status: param.oneOf(OFFER_STATUSES), kind: param.oneOf(OFFER_KINDS) },
});

/** The part of the list query each route fixes. */
export const triggerQuery = (trigger: OfferTrigger) => ({ trigger });

const offerPath = (id: number) => `offers/${id}`;

/** GET /offers/:id/codes?used=&page=: an offer's unique codes, newest first. */
export function useOfferCodes(id: number, query: { used?: 'true' | 'false'; page: number; page_size: number }) {
  return useQuery({
    queryKey: [...offerApi.keys.all, 'codes', id, query],
    queryFn: ({ signal }) =>
      apiGet<{ codes: OfferCode[]; total: number }>(withQuery(`${offerPath(id)}/codes`, query), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /offers/:id/codes {count, prefix}: the code list and the offers' counts go stale. */
export function useGenerateCodes(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { count: number; prefix: string }) =>
      apiPost<z.infer<typeof generateCodesAnswer>>(`${offerPath(id)}/codes`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerApi.keys.all }),
  });
}

/** GET /offers/:id/codes/export: the codes as .xlsx, saved under the server's name (the session cookie goes along). */
export async function exportCodes(offer: Pick<Offer, 'id' | 'name'>): Promise<string> {
  const result = await apiGetFile<{ message?: string }>(`${offerPath(offer.id)}/codes/export`);
  if (result.kind === 'json') return '';
  const name = fileNameOf(result.disposition, `offer-${offer.id}-codes.xlsx`);
  saveBlob(result.blob, name);
  return name;
}

/** GET /offers/:id/results: uses, customers, discount given, revenue of those orders, budget left, by day. */
export function useOfferResults(id: number) {
  return useQuery({
    queryKey: [...offerApi.keys.all, 'results', id],
    queryFn: ({ signal }) => apiGet<OfferResults>(`${offerPath(id)}/results`, { signal }),
  });
}

/** POST /offers/try {cart, include}: the quote of a cart, drafts named in `include` counting as active. */
export function useTryCart() {
  return useMutation({
    mutationFn: (body: TryCartOutput) => apiPost<{ quote: QuoteView }>('offers/try', body).then((a) => a.quote),
  });
}

/**
 * Every item seen by a picker, by foodid: chips, lines and suggestions show names of items the user has looked
 * up (a stored offer holds only foodids).
 */
const knownItems = new Map<string, MarketingItem>();
export const itemName = (foodid: string) => knownItems.get(foodid)?.name ?? foodid;
export const knownItem = (foodid: string) => knownItems.get(foodid);

/** GET /marketing/items?restaurant=&search=: up to 50 items of a restaurant to pick. */
export function useMarketingItems(restaurant: string | undefined, search: string) {
  return useQuery({
    queryKey: ['marketing', 'items', restaurant ?? '', search],
    queryFn: async ({ signal }) => {
      const answer = await apiGet<{ items: MarketingItem[] }>(
        withQuery('marketing/items', { restaurant, search: search.trim() }),
        { signal },
      );
      for (const item of answer.items) knownItems.set(item.foodid, item);
      return answer.items;
    },
    enabled: Boolean(restaurant),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET /groups?page_size=200&sort=name: the customer groups an offer may be kept to. */
export function useCustomerGroups() {
  return useQuery({
    queryKey: ['groups', 'list', { page_size: 200, sort: 'name', for: 'offers' }],
    queryFn: ({ signal }) =>
      apiGet<{ groups: CustomerGroup[] }>(withQuery('groups', { page: 1, page_size: 200, sort: 'name' }), {
        signal,
      }).then((a) => a.groups),
    staleTime: 60_000,
  });
}
