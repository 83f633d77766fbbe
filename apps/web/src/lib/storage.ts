/** JSON values in Web Storage that never throw: private modes and quota errors read as "nothing stored". */

function read<T>(storage: Storage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the value lives for this page only.
  }
}

function remove(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to remove when storage is disabled.
  }
}

export const localStore = {
  get: <T>(key: string) => read<T>(localStorage, key),
  set: (key: string, value: unknown) => write(localStorage, key, value),
  remove: (key: string) => remove(localStorage, key),
};

export const sessionStore = {
  get: <T>(key: string) => read<T>(sessionStorage, key),
  set: (key: string, value: unknown) => write(sessionStorage, key, value),
  remove: (key: string) => remove(sessionStorage, key),
};
