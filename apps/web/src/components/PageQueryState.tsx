import type { ReactNode } from 'react';
import { LoadingScreen } from './LoadingScreen';
import { Page } from './Page';
import { type QueryLike, QueryState } from './QueryState';

interface PageQueryStateProps<T> {
  query: QueryLike<T>;
  /** The page's title while its record is missing. */
  title: string;
  /** The screen's own words for a failed load (shown with a retry button). */
  errorMessage: string;
  /** The screen's words when the record is not there (404), instead of the error. */
  notFoundMessage?: string;
  /** The page once its record has loaded. */
  children: (data: T) => ReactNode;
}

/**
 * A page that needs its record first: the loading screen, then either the page (`children`) or, when
 * the load failed, a page of `title` with the retryable error.
 */
export function PageQueryState<T>({
  query,
  title,
  errorMessage,
  notFoundMessage,
  children,
}: PageQueryStateProps<T>) {
  if (query.isPending) return <LoadingScreen />;
  if (query.isError) {
    return (
      <Page title={title}>
        <QueryState query={query} errorMessage={errorMessage} notFoundMessage={notFoundMessage}>
          {() => null}
        </QueryState>
      </Page>
    );
  }
  return <>{children(query.data as T)}</>;
}
