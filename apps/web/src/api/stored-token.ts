/**
 * A bearer token kept in localStorage under `key`, so that a reload (or another tab) stays signed in,
 * and told to every component that reads it: signing in or out in another tab applies here too. Without
 * storage (private mode) the token lasts until the tab closes. A hook reads it with
 * `useSyncExternalStore(store.subscribe, store.get, store.get)`. The organization session (token.ts) and
 * a family's (features/families/session.ts) are two stores under two keys, never one.
 */
export function storedToken(key: string) {
  const listeners = new Set<() => void>();
  const read = (): string | null => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  let current: string | null = typeof window === 'undefined' ? null : read();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const get = (): string | null => current;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== null && event.key !== key) return;
      const next = read();
      if (next !== current) {
        current = next;
        emit();
      }
    });
  }
  return {
    get,
    set(token: string): void {
      current = token;
      try {
        window.localStorage.setItem(key, token);
      } catch {
        // No storage: the token lasts until the tab closes.
      }
      emit();
    },
    /** Forgets the token; false when there was none. */
    clear(): boolean {
      if (current === null) return false;
      current = null;
      try {
        window.localStorage.removeItem(key);
      } catch {
        // ignore
      }
      emit();
      return true;
    },
    /** For useSyncExternalStore: `listener` is called on every change. */
    subscribe,
  };
}
