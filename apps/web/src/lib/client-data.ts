import { useQuery } from '@tanstack/react-query';
import { clientFlagsSchema, type ClientDataAnswer, type ClientFlags } from '@cd/core';
import { apiPost } from './api-client';

/** The client-data call of spec 000 §7 (get_client_data): asked once by the shell, read by any page. */
export const clientDataKey = () => ['shell', 'client-data'] as const;

export function useClientData() {
  return useQuery({
    queryKey: clientDataKey(),
    queryFn: ({ signal }) => apiPost<ClientDataAnswer>('get_client_data', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

const ALL_ON: ClientFlags = clientFlagsSchema.parse({});

/**
 * A client's settings flags (spec 001 §3.4). Every flag is on for a restaurant without a client, while the
 * client data loads, and if it cannot be read: the whole editor rather than a part of it.
 */
export function useClientFlags(client: string): { flags: ClientFlags; loading: boolean } {
  const { data, isPending } = useClientData();
  return {
    flags: (client && data?.client_settings?.[client]?.flags) || ALL_ON,
    loading: client !== '' && isPending,
  };
}
