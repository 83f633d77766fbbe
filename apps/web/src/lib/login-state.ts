import { useSyncExternalStore } from 'react';
import { localStore, sessionStore } from './storage';

/** The profile answer of vendor/details (spec 000 §3); only the fields the web reads are typed. */
export type VendorProfile = {
  name: string;
  userid: string;
  client_list?: unknown[];
  loc2fc2rest_details_map?: Record<string, unknown>;
  /** The clients the user works for, with their branding (spec 000 §3, §6). */
  permittedClients?: unknown[];
  vendorextras?: {
    admin?: boolean;
    pagepermissionaccess?: string[];
    permissions?: string[];
    [key: string]: unknown;
  };
};

/** What is known about the signed-in user: the name from the sign-in answer, the rest once the profile loads. */
export type UserDetails = Partial<VendorProfile> & { name: string };

export type LoginState = { loggedIn: boolean; user: UserDetails | null };

// Spec 000 §3: only the logged-in flag and the user details persist across reloads.
const LOGGED_IN_KEY = 'cd.loggedIn';
const USER_KEY = 'cd.user';
/**
 * Site selection (spec 000 §3: the selected food court and location lists) is session state: it lives for the
 * tab (sessionStorage), is written when a site is chosen, and logout clears it.
 */
const SITE_SELECTION_KEY = 'cd.siteSelection';

function load(): LoginState {
  const loggedIn = localStore.get<boolean>(LOGGED_IN_KEY) === true;
  return { loggedIn, user: loggedIn ? localStore.get<UserDetails>(USER_KEY) : null };
}

let state: LoginState = load();
const listeners = new Set<() => void>();

function set(next: LoginState): void {
  state = next;
  if (next.loggedIn) {
    localStore.set(LOGGED_IN_KEY, true);
    if (next.user) localStore.set(USER_KEY, next.user);
  } else {
    localStore.set(LOGGED_IN_KEY, false);
    localStore.remove(USER_KEY);
    localStore.remove(SITE_SELECTION_KEY);
    sessionStore.remove(SITE_SELECTION_KEY);
  }
  listeners.forEach((listener) => listener());
}

export function getLoginState(): LoginState {
  return state;
}

/** Sign-in succeeded: the session cookie is set; the profile call fills in the rest. */
export function markLoggedIn(user: UserDetails): void {
  set({ loggedIn: true, user });
}

export function setUserDetails(profile: VendorProfile): void {
  if (!state.loggedIn) return;
  set({ loggedIn: true, user: { ...state.user, ...profile } });
}

/** Logout or session loss (spec 000 §4): reset everything and set the flag false. */
export function clearLoginState(): void {
  set({ loggedIn: false, user: null });
}

/** Re-reads storage; tests use it after arranging localStorage. */
export function reloadLoginState(): void {
  state = load();
  listeners.forEach((listener) => listener());
}

// Another tab signing in or out changes the same storage; follow it.
function handleStorage(event: StorageEvent): void {
  if (event.key === LOGGED_IN_KEY || event.key === USER_KEY || event.key === null) reloadLoginState();
}

/** Calls `listener` after every change of the login state (sign-in, profile loaded, sign-out, another tab). */
export function subscribeLoginState(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', handleStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', handleStorage);
  };
}

export function useLoginState(): LoginState {
  return useSyncExternalStore(subscribeLoginState, getLoginState, getLoginState);
}

export type SiteSelection = { locations: string[]; foodcourts: string[] };

/** The sites chosen last in this session (food courts and their organisations); empty lists when none. */
export function getSiteSelection(): SiteSelection {
  const stored = sessionStore.get<Partial<SiteSelection>>(SITE_SELECTION_KEY);
  return { locations: stored?.locations ?? [], foodcourts: stored?.foodcourts ?? [] };
}

/** Records a choice of organisation and/or food court (undefined leaves that list as it is; '' clears it). */
export function selectSites(choice: { location?: string; foodcourt?: string }): void {
  if (!state.loggedIn) return;
  const current = getSiteSelection();
  const list = (value: string | undefined, previous: string[]) =>
    value === undefined ? previous : value === '' ? [] : [value];
  sessionStore.set(SITE_SELECTION_KEY, {
    locations: list(choice.location, current.locations),
    foodcourts: list(choice.foodcourt, current.foodcourts),
  });
}
