import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { backoffDelay, isTransientFailure } from './backoff';

describe('backoffDelay', () => {
  it('starts near a second, doubles, and never waits more than 30 s', () => {
    const low = () => 0;
    const high = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6, 12].map((n) => backoffDelay(n, high))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect([0, 1, 5, 40].map((n) => backoffDelay(n, low))).toEqual([500, 1000, 15000, 15000]);
  });

  it('spreads tabs that failed at the same moment', () => {
    const delays = new Set(Array.from({ length: 20 }, () => backoffDelay(4)));
    expect(delays.size).toBeGreaterThan(5);
  });
});

describe('isTransientFailure', () => {
  it('retries a server that is down or failing, not a refusal', () => {
    expect(isTransientFailure(new ApiError(0, '', 'network'))).toBe(true);
    expect(isTransientFailure(new ApiError(500, 'boom', ''))).toBe(true);
    expect(isTransientFailure(new ApiError(503, '', ''))).toBe(true);
    expect(isTransientFailure(new ApiError(429, '', 'rateLimited'))).toBe(true);
    expect(isTransientFailure(new ApiError(401, '', 'loggedOut'))).toBe(false);
    expect(isTransientFailure(new ApiError(403, '', 'forbidden'))).toBe(false);
    expect(isTransientFailure(new Error('parse'))).toBe(false);
  });
});
