import { useSyncExternalStore } from 'react';
import { storedToken } from './stored-token';

/** The access token lives in localStorage so that a reload (or another tab) stays signed in. */
export const TOKEN_STORAGE_KEY = 'sp.token';

const store = storedToken(TOKEN_STORAGE_KEY);

export const getToken = store.get;

export function setToken(token: string): void {
  lastClearReason = null;
  store.set(token);
}

export type ClearReason = 'sign-out' | 'unauthorized' | 'not-licensed';
let lastClearReason: ClearReason | null = null;

/** Why the token went away last: after a deliberate sign-out, sign-in does not offer to return. */
export function getLastClearReason(): ClearReason | null {
  return lastClearReason;
}

export function clearToken(reason: ClearReason): void {
  if (store.get() === null) return;
  lastClearReason = reason;
  store.clear();
}

/** The current token, re-rendering when it changes. */
export function useToken(): string | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

export function useIsAuthenticated(): boolean {
  return useToken() !== null;
}
