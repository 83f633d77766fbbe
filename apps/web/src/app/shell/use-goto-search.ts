import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { GOTO_MIN, type GotoAnswer } from '@cd/core';
import { apiGet } from '../../lib/api-client';
import { useDebouncedValue } from '../../components/media/use-debounced-value';

/** Typing pauses this long before the server is asked. */
export const GOTO_DEBOUNCE_MS = 150;

export const gotoKeys = { search: (q: string) => ['shell', 'goto', q] as const };

/**
 * The records matching what is typed (GET /goto), asked once typing pauses. `fresh` is false while the answer on
 * screen is for other text than the box holds (typing, debouncing or loading): Enter then waits for the answer.
 */
export function useGotoSearch(text: string) {
  const trimmed = text.trim();
  const q = useDebouncedValue(trimmed, GOTO_DEBOUNCE_MS);
  const enabled = q.length >= GOTO_MIN;
  const query = useQuery({
    queryKey: gotoKeys.search(q),
    queryFn: ({ signal }) => apiGet<GotoAnswer>(`goto?${new URLSearchParams({ q })}`, { signal }),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const searched = trimmed.length >= GOTO_MIN;
  return {
    answer: searched && enabled ? query.data : undefined,
    searching: searched && (q !== trimmed || query.isFetching),
    fresh: !searched || (q === trimmed && !query.isPlaceholderData && !query.isFetching),
    error: searched && q === trimmed ? query.error : null,
    searched,
  };
}
