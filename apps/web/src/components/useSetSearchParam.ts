import { type NavigateOptions, useSearchParams } from 'react-router';

/**
 * Sets one query parameter of the address (null removes it) and keeps the others; `{ replace: true }`
 * for state that should not make a step in the history (a filter, a tab of polling).
 */
export function useSetSearchParam() {
  const [, setParams] = useSearchParams();
  return (name: string, value: string | null, options?: NavigateOptions) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      return next;
    }, options);
}
