import { afterEach, describe, expect, it } from 'vitest';
import { ensureDeviceUserCookie, randomUuid, readDeviceUser } from './device-user';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  document.cookie = 'device_user=; path=/; max-age=0';
});

describe('device-user cookie', () => {
  it('makes version-4 UUIDs', () => {
    expect(randomUuid()).toMatch(UUID);
    expect(randomUuid()).not.toBe(randomUuid());
  });

  it('sets a random id once and keeps it', () => {
    expect(readDeviceUser()).toBeNull();
    const id = ensureDeviceUserCookie();
    expect(id).toMatch(UUID);
    expect(readDeviceUser()).toBe(id);
    expect(ensureDeviceUserCookie()).toBe(id);
  });

  it('keeps an id that is already there', () => {
    document.cookie = 'device_user=kept-id; path=/';
    expect(ensureDeviceUserCookie()).toBe('kept-id');
  });
});
