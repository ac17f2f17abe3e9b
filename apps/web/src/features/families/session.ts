import { useSyncExternalStore } from 'react';
import { storedToken } from '../../api/stored-token';

/**
 * A family's sign-in: the family token a guardian's e-mailed link is traded for. It is kept apart from
 * the organization session (api/token.ts) under a key of its own, so neither is ever sent where the
 * other belongs: family calls (api.ts here) send only this token, and only to `/api/family/...`;
 * organization calls never read it.
 */
export const FAMILY_TOKEN_STORAGE_KEY = 'sp.family-token';

const store = storedToken(FAMILY_TOKEN_STORAGE_KEY);

export const getFamilyToken = store.get;
export const setFamilyToken = store.set;
export function clearFamilyToken(): void {
  store.clear();
}

/** The family token, re-rendering when it changes. */
export function useFamilyToken(): string | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
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
