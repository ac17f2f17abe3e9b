import { useSyncExternalStore } from 'react';

/**
 * A family's sign-in: the family token a guardian's e-mailed link is traded for. It is kept apart from
 * the organization session (api/token.ts) under a key of its own, so neither is ever sent where the
 * other belongs: family calls (api.ts here) send only this token, and only to `/api/family/...`;
 * organization calls never read it.
 */
export const FAMILY_TOKEN_STORAGE_KEY = 'sp.family-token';

const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.localStorage.getItem(FAMILY_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

let current: string | null = typeof window === 'undefined' ? null : read();

function emit() {
  for (const listener of listeners) listener();
}

export function getFamilyToken(): string | null {
  return current;
}

export function setFamilyToken(token: string): void {
  current = token;
  try {
    window.localStorage.setItem(FAMILY_TOKEN_STORAGE_KEY, token);
  } catch {
    // Without storage the family stays signed in until the tab closes.
  }
  emit();
}

export function clearFamilyToken(): void {
  if (current === null) return;
  current = null;
  try {
    window.localStorage.removeItem(FAMILY_TOKEN_STORAGE_KEY);
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
    if (event.key !== null && event.key !== FAMILY_TOKEN_STORAGE_KEY) return;
    const next = read();
    if (next !== current) {
      current = next;
      emit();
    }
  });
}

/** The family token, re-rendering when it changes. */
export function useFamilyToken(): string | null {
  return useSyncExternalStore(subscribe, getFamilyToken, getFamilyToken);
}

/** What takeFromAddress took, by page address and name: a screen that renders twice reads it again. */
const taken = new Map<string, string>();

/**
 * A value a printed or e-mailed address carries in its fragment (`#token=...`, which browsers never send
 * to a server) or its query (`?code=...`), taken out of the address at once so that it is not left in
 * the history or on the screen.
 */
export function takeFromAddress(name: string): string | null {
  const key = `${window.location.pathname}\u0000${name}`;
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const search = new URLSearchParams(window.location.search);
  const value = hash.get(name) ?? search.get(name);
  if (!value) return taken.get(key) ?? null;
  taken.set(key, value);
  hash.delete(name);
  search.delete(name);
  const rest = (params: URLSearchParams, mark: string) => (params.size > 0 ? `${mark}${params}` : '');
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${rest(search, '?')}${rest(hash, '#')}`,
  );
  return value;
}
