import { deleteCookie, readCookie, writeCookie } from './cookies';

/**
 * The session token (spec 000 section 6): kept in localStorage, or in a cookie when storage is
 * unavailable (private modes), or in memory as a last resort. `token` is the JWT, `userToken` the
 * user's id (the "user token" the spec clears on logout).
 */
const TOKEN = 'token';
const USER = 'userToken';
const memory = new Map<string, string>();
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    const probe = '__trackside_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  const store = storage();
  if (store) return store.getItem(key);
  return readCookie(key) ?? memory.get(key) ?? null;
}

function write(key: string, value: string | null): void {
  const store = storage();
  if (store) {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
    return;
  }
  if (value === null) {
    memory.delete(key);
    deleteCookie(key);
    return;
  }
  memory.set(key, value);
  try {
    writeCookie(key, value, 30);
  } catch {
    // memory only
  }
}

export const session = {
  token(): string | null {
    return read(TOKEN);
  },
  userId(): string | null {
    return read(USER);
  },
  signIn(token: string, userId: string): void {
    write(TOKEN, token);
    write(USER, userId);
    listeners.forEach((listener) => listener());
  },
  clear(): void {
    write(TOKEN, null);
    write(USER, null);
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
