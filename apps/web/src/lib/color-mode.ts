import { useSyncExternalStore } from 'react';

/** The user's choice of light or dark (issue 21 point 8): the system's setting unless they pick one. */
export type ColorModePreference = 'system' | 'light' | 'dark';
export type ColorMode = 'light' | 'dark';

const KEY = 'cd.colorMode';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function readPreference(): ColorModePreference {
  try {
    const stored = window.localStorage.getItem(KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

let preference: ColorModePreference = typeof window === 'undefined' ? 'system' : readPreference();

const systemDark = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;

export function getColorModePreference(): ColorModePreference {
  return preference;
}

/** Chooses light, dark or the system's setting; remembered on this browser. */
export function setColorModePreference(next: ColorModePreference): void {
  preference = next;
  try {
    if (next === 'system') window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, next);
  } catch {
    // Storage may be off (private mode): the choice holds for this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  media?.addEventListener?.('change', listener);
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY) return;
    preference = readPreference();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener?.('change', listener);
    window.removeEventListener('storage', onStorage);
  };
}

const effective = (): ColorMode => (preference === 'system' ? (systemDark() ? 'dark' : 'light') : preference);

/** The mode to draw in: the user's choice, else the system's. */
export function useColorMode(): ColorMode {
  return useSyncExternalStore(subscribe, effective, () => 'light');
}

export function useColorModePreference(): ColorModePreference {
  return useSyncExternalStore(subscribe, getColorModePreference, () => 'system');
}
