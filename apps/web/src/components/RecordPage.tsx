import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { LoadingScreen } from './LoadingScreen';
import { Page } from './Page';
import type { QueryLike } from './QueryState';

interface RecordPageProps<T> {
  query: QueryLike<T>;
  /** The page's title until the record is there (the record's own page usually titles it by name). */
  title: string;
  /** The sub-navigation above the content while the record loads. */
  nav?: ReactNode;
  /** The sub-navigation when the record could not be shown (default: `nav`). */
  failedNav?: ReactNode;
  /** The screen's own words for a failed load (shown with a retry button). */
  errorMessage: string;
  /** What an error says when the record is missing or out of view (a 404, say), or null for a failure. */
  missingMessage: (error: unknown) => string | null;
  /** The page once the record is there. */
  children: (data: T) => ReactNode;
}

/**
 * A record's screen: while its query loads or when it fails, a page with the plain title, the
 * navigation and the spinner, the missing-record message or the retryable error; then the record's own page.
 */
export function RecordPage<T>({
  query,
  title,
  nav,
  failedNav = nav,
  errorMessage,
  missingMessage,
  children,
}: RecordPageProps<T>) {
  if (query.isPending) {
    return (
      <Page title={title}>
        {nav}
        <LoadingScreen />
      </Page>
    );
  }
  if (query.isError) {
    const missing = missingMessage(query.error);
    return (
      <Page title={title}>
        {failedNav}
        {missing ? (
          <EmptyState message={missing} />
        ) : (
          <ErrorState message={errorMessage} onRetry={() => void query.refetch()} />
        )}
      </Page>
    );
  }
  return <>{children(query.data as T)}</>;
}
