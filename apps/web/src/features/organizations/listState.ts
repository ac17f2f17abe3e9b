import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** A value that follows another after it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * List state kept in the address (page, keyword and filters), so that back and reload keep the list
 * where it was. Changing anything but the page goes back to page 1.
 */
export function useListParams<Filter extends string>(filters: readonly Filter[] = []) {
  const [searchParams, setSearchParams] = useSearchParams();
  const rawPage = Number.parseInt(searchParams.get('page') ?? '1', 10);
  const page = Number.isFinite(rawPage) && rawPage > 0 ? rawPage : 1;
  const keyword = searchParams.get('keyword') ?? '';
  const values = Object.fromEntries(filters.map((f) => [f, searchParams.get(f) ?? ''])) as Record<
    Filter,
    string
  >;

  // Changes build on the latest ones asked for, even when the address has not caught up yet (two
  // filters changed in quick succession must not undo each other).
  const latest = useRef(searchParams);
  useEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);

  const update = useCallback(
    (changes: Record<string, string | number | null>) => {
      const next = new URLSearchParams(latest.current);
      if (!('page' in changes)) next.delete('page');
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '' || (key === 'page' && value === 1)) next.delete(key);
        else next.set(key, String(value));
      }
      latest.current = next;
      setSearchParams(next, { replace: true });
    },
    [setSearchParams],
  );

  /** Another page of the same list (what a pager's Previous and Next call). */
  const setPage = useCallback((next: number) => update({ page: next }), [update]);

  return { page, keyword, values, update, setPage };
}

/** The keyword field's text, written to the address once typing pauses. */
export function useKeywordInput(keyword: string, update: (changes: Record<string, string | null>) => void) {
  const [text, setText] = useState(keyword);
  const debounced = useDebouncedValue(text.trim());
  // Only typing writes the address: a keyword changed from outside must not be written back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed text settles only
  useEffect(() => {
    if (debounced !== keyword) update({ keyword: debounced || null });
  }, [debounced]);
  return { text, setText };
}
