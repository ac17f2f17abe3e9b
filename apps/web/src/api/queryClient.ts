import { focusManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';
import { PUBLIC_QUERY_ROOTS } from './keys';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx answer will not change by asking again; network trouble and 5xx might.
      retry: (failureCount, error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
        return failureCount < 2;
      },
    },
    mutations: { retry: false },
  },
});

/** Forget everything that belonged to the previous session or account. */
export function clearPrivateQueries(): void {
  queryClient.removeQueries({ predicate: (query) => !PUBLIC_QUERY_ROOTS.has(query.queryKey[0]) });
}

// TanStack Query v5 only watches visibilitychange; the version check (spec §7) also wants window focus,
// e.g. when switching back from another window that left this tab visible.
focusManager.setEventListener((setFocused) => {
  if (typeof window === 'undefined') return undefined;
  const listener = () => setFocused();
  window.addEventListener('visibilitychange', listener, false);
  window.addEventListener('focus', listener, false);
  return () => {
    window.removeEventListener('visibilitychange', listener);
    window.removeEventListener('focus', listener);
  };
});
