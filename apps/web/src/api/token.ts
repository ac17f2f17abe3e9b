import { useSyncExternalStore } from 'react';

/** The access token lives in localStorage so that a reload (or another tab) stays signed in. */
export const TOKEN_STORAGE_KEY = 'sp.token';

const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

let current = read();

function emit() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return current;
}

export function setToken(token: string): void {
  lastClearReason = null;
  current = token;
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Private mode without storage: the session lasts until the tab closes.
  }
  emit();
}

export type ClearReason = 'sign-out' | 'unauthorized' | 'not-licensed';
let lastClearReason: ClearReason | null = null;

/** Why the token went away last: after a deliberate sign-out, sign-in does not offer to return. */
export function getLastClearReason(): ClearReason | null {
  return lastClearReason;
}

export function clearToken(reason: ClearReason): void {
  if (current === null) return;
  lastClearReason = reason;
  current = null;
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // ignore
  }
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// Signing in or out in another tab applies here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== TOKEN_STORAGE_KEY) return;
    const next = read();
    if (next !== current) {
      current = next;
      emit();
    }
  });
}

/** The current token, re-rendering when it changes. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, getToken);
}

export function useIsAuthenticated(): boolean {
  return useToken() !== null;
}
