const COOKIE = 'device_user';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * A random UUID v4. crypto.randomUUID exists only in secure contexts (https, localhost); a LAN deployment on
 * plain http still has crypto.getRandomValues.
 */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function readDeviceUser(): string | null {
  const pair = document.cookie.split('; ').find((c) => c.startsWith(`${COOKIE}=`));
  return pair ? decodeURIComponent(pair.slice(COOKIE.length + 1)) : null;
}

/** Spec 000 §2.2: the shell sets a device-user cookie on start; an existing one is kept. */
export function ensureDeviceUserCookie(): string {
  const existing = readDeviceUser();
  if (existing) return existing;
  const id = randomUuid();
  document.cookie = `${COOKIE}=${id}; path=/; max-age=${ONE_YEAR_S}; SameSite=Lax`;
  return id;
}
