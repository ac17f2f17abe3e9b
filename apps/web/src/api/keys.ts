/** Query keys in one place. Keys under PUBLIC_QUERY_ROOTS survive sign-in, sign-out and account switches. */
export const queryKeys = {
  config: ['config'] as const,
  version: ['version'] as const,
  currentUser: ['users', 'me'] as const,
  dashboardProjects: (organizationId: string) =>
    ['organizations', organizationId, 'projects', 'dashboard'] as const,
  organizationProjects: (organizationId: string) =>
    ['organizations', organizationId, 'projects', 'all'] as const,
  project: (projectId: string) => ['projects', projectId] as const,
  passwordReset: (token: string) => ['password-resets', token] as const,
  devMailbox: ['dev', 'mailbox'] as const,
};

export const PUBLIC_QUERY_ROOTS = new Set<unknown>(['config', 'version', 'dev']);
