import { useQuery } from '@tanstack/react-query';
import { queryKeys } from './keys';

export const VERSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/** The version this page load first saw; kept outside React so no remount forgets it. */
let firstSeenVersion: string | null = null;

async function fetchVersion(signal: AbortSignal): Promise<string> {
  const response = await fetch('/version.txt', { cache: 'no-store', signal });
  if (!response.ok) throw new Error(`GET /version.txt answered ${response.status}`);
  const version = (await response.text()).trim();
  if (firstSeenVersion === null && version) firstSeenVersion = version;
  return version;
}

/**
 * The deployed version, read at start, every five minutes and when the window regains focus, with the
 * version first seen by this page load. `updated` when they differ.
 */
export function useDeployedVersion() {
  const { data: current } = useQuery({
    queryKey: queryKeys.version,
    queryFn: ({ signal }) => fetchVersion(signal),
    staleTime: 0,
    refetchInterval: VERSION_CHECK_INTERVAL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    retry: false,
  });
  const first = firstSeenVersion;
  return { first, current, updated: !!current && !!first && current !== first };
}
