import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/**
 * Spec 001 §8: failed calls (price-book calls, the path fetch, lists) are logged, whatever the page then shows.
 * A lost session (401) is not an error of the call: the app signs out.
 */
function logFailure(kind: string, key: unknown, error: unknown): void {
  if (error instanceof ApiError && error.status === 401) return;
  // Most changes have no key: log what failed and why, never "Change failed undefined" (issue 35).
  if (key === undefined) console.error(`${kind} failed:`, error);
  else console.error(`${kind} failed`, key, error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => logFailure('Call', query.queryKey, error) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => logFailure('Change', mutation.options.mutationKey, error),
    }),
    defaultOptions: {
      queries: {
        // A refused call (4xx) will not succeed on retry; transport and server errors may.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
