import { APP_VERSION } from '@school-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './keys';
import { WITHOUT_SESSION } from './records';
import type { AppConfig } from './types';

export const DEFAULT_CONFIG: AppConfig = {
  environment: 'production',
  /** The server says which version it runs; until then, the one this app was built as. */
  version: APP_VERSION,
  sign_in_region: null,
  landing_page_url: null,
  support_chat_enabled: false,
  support_chat_url: null,
  rebrand_banner_enabled: false,
  admin_user_url: null,
  companion_app_url: null,
  layout_editor_url: null,
  dev_mailbox: false,
};

/** GET /api/config: public settings of this installation (no sign-in needed). */
export function useConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: async ({ signal }) => {
      const body = await api.get('/api/config', { ...WITHOUT_SESSION, signal });
      return { ...DEFAULT_CONFIG, ...body.config };
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
