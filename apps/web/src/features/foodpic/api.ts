import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { foodpicApplyAnswer, foodpicApplyBody, foodpicMatchAnswer, MenuResponse } from '@cd/core';
import { apiGet, apiPost, apiPostForm } from '../../lib/api-client';
import { defineUrlState, param } from '../../lib/url-state';

export type MatchAnswer = z.output<typeof foodpicMatchAnswer>;
export type ApplyBody = z.output<typeof foodpicApplyBody>;
export type ApplyAnswer = z.output<typeof foodpicApplyAnswer>;

export const FOODPIC_TABS = ['match', 'common'] as const;
export type FoodpicTab = (typeof FOODPIC_TABS)[number];

/** The address of /foodpic_dashboard: the tab shown and the restaurant whose items the pictures go to. */
export const foodpicUrl = defineUrlState({
  tab: param.oneOfOr(FOODPIC_TABS, 'match'),
  restaurant: param.id(),
});

/** The menu editor's key of a restaurant's menu, so both share the answer and a change shows in both. */
const menuKey = (restaurant: string) => ['menu', 'restaurant', restaurant];

/** GET /vendor/fooditem?restaurant=: the restaurant's items, to choose the item of a picture matched to none. */
export function useMenuItems(restaurant: string | undefined) {
  return useQuery({
    queryKey: menuKey(restaurant ?? ''),
    queryFn: ({ signal }) =>
      apiGet<MenuResponse>(`vendor/fooditem?restaurant=${encodeURIComponent(restaurant ?? '')}`, { signal }),
    enabled: Boolean(restaurant),
    staleTime: 30_000,
    select: (answer) =>
      answer.fooditems
        .map((item) => ({ foodid: item.foodid, name: item.foodname }))
        .sort((a, b) => a.name.localeCompare(b.name)),
  });
}

/** POST /foodpic/match (multipart: restaurant, then the pictures in images): each picture's item and problems. */
export function useMatchPictures() {
  return useMutation({
    mutationFn: ({ restaurant, files }: { restaurant: string; files: readonly File[] }) =>
      apiPostForm<MatchAnswer>('foodpic/match', { restaurant }, { name: 'images', value: files }),
  });
}

/** POST /foodpic/apply {batch, restaurant, matches}: the pictures are sized, stored and set on their items. */
export function useApplyPictures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyBody) => apiPost<ApplyAnswer>('foodpic/apply', body),
    onSuccess: (_answer, body) => queryClient.invalidateQueries({ queryKey: menuKey(body.restaurant) }),
  });
}
