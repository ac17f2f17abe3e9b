import type { ReactNode } from 'react';
import { isApiError } from '../api/client';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { LoadingScreen } from './LoadingScreen';

/** The parts of a TanStack Query result the loading and error states read. */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The screen's own words for a failed load (shown with a retry button). */
  errorMessage: string;
  /** For a record screen: what a 404 shows instead of the error (the record is gone or out of view). */
  notFoundMessage?: string;
  /** For a list: when the data counts as empty, and what to show then. */
  isEmpty?: (data: T) => boolean;
  emptyMessage?: string;
  children: (data: T) => ReactNode;
}

/**
 * A query's loading and error states (and, for lists, the empty one), then its data: the one place screens get the spinner, the
 * retryable error and (for records) the not-found message, so every screen shows them alike.
 */
export function QueryState<T>({
  query,
  errorMessage,
  notFoundMessage,
  isEmpty,
  emptyMessage,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) return <LoadingScreen />;
  if (query.isError) {
    if (notFoundMessage !== undefined && isApiError(query.error, 404)) {
      return <EmptyState message={notFoundMessage} />;
    }
    return <ErrorState message={errorMessage} onRetry={() => void query.refetch()} />;
  }
  const data = query.data as T;
  if (isEmpty && emptyMessage !== undefined && isEmpty(data)) return <EmptyState message={emptyMessage} />;
  return <>{children(data)}</>;
}
