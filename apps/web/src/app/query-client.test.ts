import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { createQueryClient } from './query-client';

describe('the query client (spec 001 §8)', () => {
  it('logs a failed call with its key, but not a lost session', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createQueryClient();
    const failing = new ApiError(500, 'Paths unavailable', 'general');
    await client
      .fetchQuery({ queryKey: ['pricebook', 'paths'], queryFn: () => Promise.reject(failing), retry: false })
      .catch(() => undefined);
    expect(log).toHaveBeenCalledWith('Call failed', ['pricebook', 'paths'], failing);
    log.mockClear();
    await client
      .fetchQuery({
        queryKey: ['auth'],
        queryFn: () => Promise.reject(new ApiError(401, '', 'loggedOut')),
        retry: false,
      })
      .catch(() => undefined);
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it('logs a failed change without a key as what failed, not "undefined"', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createQueryClient();
    const failing = new ApiError(400, 'Use a date between 2000 and 2199', 'invalidRequest');
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(failing) })
      .execute(undefined)
      .catch(() => undefined);
    expect(log).toHaveBeenCalledWith('Change failed:', failing);
    expect(log.mock.calls.flat()).not.toContain(undefined);
    log.mockRestore();
  });
});
