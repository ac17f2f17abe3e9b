import { POLLING_INTERVAL_MS } from '@school-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './keys';

/** GET /api/dev/mailbox (development only): the e-mails the server would have sent, newest first. */
export function useDevMailbox(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.devMailbox,
    queryFn: async ({ signal }) => {
      const body = await api.get('/api/dev/mailbox', {
        handleAuthFailures: false,
        signal,
      });
      return [...body.messages].sort((a, b) => b.created_at.localeCompare(a.created_at));
    },
    enabled,
    refetchInterval: POLLING_INTERVAL_MS,
  });
}
