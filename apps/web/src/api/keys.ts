/**
 * Every query key of the app, in one factory. A key starts with its resource and, for lists held per
 * organization or per project, names the owner after the resource (`['projects', 'by-organization', id]`),
 * so that "every list of that resource" is a key prefix and no invalidation has to look inside a key.
 * Keys under PUBLIC_QUERY_ROOTS survive sign-in, sign-out and account switches.
 */
export const queryKeys = {
  config: ['config'] as const,
  version: ['version'] as const,
  devMailbox: ['dev', 'mailbox'] as const,
  passwordReset: (token: string) => ['password-resets', token] as const,

  users: {
    all: ['users'] as const,
    me: ['users', 'me'] as const,
    detail: (userId: string) => ['users', userId, 'detail'] as const,
    invitation: (token: string) => ['invitations', token] as const,
  },

  organizations: {
    /** Everything held about organizations: details, children, accounts, users, support. */
    all: ['organizations'] as const,
    detail: (id: string) => ['organizations', id, 'detail'] as const,
    children: (id: string) => ['organizations', id, 'organizations'] as const,
    childrenPage: (id: string, params: { page: number; keyword: string }) =>
      ['organizations', id, 'organizations', 'page', params] as const,
    allDescendants: (id: string) => ['organizations', id, 'organizations', 'all'] as const,
    projectOptions: (id: string) => ['organizations', id, 'organizations', 'project-options'] as const,
    /** The organizations of the projects listed under one (GET .../project-organizations). */
    ofListedProjects: (id: string) => ['organizations', id, 'organizations', 'of-listed-projects'] as const,
    accounts: (id: string) => ['organizations', id, 'accounts'] as const,
    accountsPage: (id: string, params: object) => ['organizations', id, 'accounts', params] as const,
    users: (id: string) => ['organizations', id, 'users'] as const,
    support: (id: string) => ['organizations', id, 'support'] as const,
  },

  projects: {
    /** Every project and every project list (of any organization). */
    all: ['projects'] as const,
    /** Every organization's project lists, of every kind. */
    lists: ['projects', 'by-organization'] as const,
    /** Every organization's full list. */
    fullLists: ['projects', 'by-organization', 'all'] as const,
    /** An organization's full list (the projects list and the switcher). */
    list: (organizationId: string) => ['projects', 'by-organization', 'all', organizationId] as const,
    /** One page of an organization's list, filtered and sorted by the server (the projects screen). */
    page: (organizationId: string, params: object, page: number) =>
      ['projects', 'by-organization', 'page', organizationId, params, page] as const,
    dashboard: (organizationId: string) =>
      ['projects', 'by-organization', 'dashboard', organizationId] as const,
    organizationPage: (organizationId: string) =>
      ['projects', 'by-organization', 'organization-page', organizationId] as const,
    fileRequestOptions: (organizationId: string) =>
      ['projects', 'by-organization', 'file-request-options', organizationId] as const,
    project: (projectId: string) => ['projects', projectId] as const,
    activation: (projectId: string) => ['projects', projectId, 'activation'] as const,
    dataSummary: (projectId: string) => ['projects', projectId, 'data-summary'] as const,
    /** Coverage (who has a portrait, who is missing): under the project, so it reads afresh with it. */
    coverage: (projectId: string, page: number) => ['projects', projectId, 'coverage', page] as const,
    /** The e-mail to the school as it would go now, previewed before sending. */
    coverageNotifyPreview: (projectId: string) => ['projects', projectId, 'coverage-notify-preview'] as const,
  },

  seasons: {
    all: ['seasons'] as const,
    list: (organizationId: string) => ['seasons', 'by-organization', organizationId, 'inherited'] as const,
    season: (seasonId: string) => ['seasons', seasonId] as const,
  },

  projectTemplates: {
    all: ['project-templates'] as const,
    list: (organizationId: string) => ['project-templates', 'by-organization', organizationId] as const,
    template: (templateId: string) => ['project-templates', templateId] as const,
    fieldKeys: ['project-templates', 'field-keys'] as const,
  },

  subjects: {
    all: ['subjects'] as const,
    project: (projectId: string) => ['subjects', 'by-project', projectId] as const,
    grid: (projectId: string, filters: object, page: number) =>
      ['subjects', 'by-project', projectId, 'grid', filters, page] as const,
    ids: (projectId: string, filters: object | null) =>
      ['subjects', 'by-project', projectId, 'ids', filters] as const,
    sample: (projectId: string) => ['subjects', 'by-project', projectId, 'sample'] as const,
    search: (projectId: string, q: string) => ['subjects', 'by-project', projectId, 'search', q] as const,
    subject: (subjectId: string) => ['subjects', subjectId] as const,
    selectionCount: (projectId: string, selection: unknown) =>
      ['subjects', 'by-project', projectId, 'selection-count', selection] as const,
    selectionIds: (projectId: string, selection: unknown) =>
      ['subjects', 'by-project', projectId, 'selection-ids', selection] as const,
    duplicates: (projectId: string, fields: unknown, selection: unknown) =>
      ['subjects', 'by-project', projectId, 'duplicates', fields, selection] as const,
  },

  photos: {
    photo: (photoId: string) => ['photos', photoId] as const,
    crops: (photoId: string) => ['photos', photoId, 'crops'] as const,
  },

  attachments: {
    /** Every file request view: single requests and every organization's and project's lists. */
    requests: ['attachment-requests'] as const,
    request: (id: string) => ['attachment-requests', id] as const,
    organizationRequests: (organizationId: string) =>
      ['attachment-requests', 'by-organization', organizationId] as const,
    organizationRequestsPage: (organizationId: string, page: number) =>
      ['attachment-requests', 'by-organization', organizationId, { page }] as const,
    projectRequests: (projectId: string) => ['attachment-requests', 'by-project', projectId] as const,
    projectAttachments: (projectId: string) => ['attachments', 'by-project', projectId] as const,
  },

  layouts: {
    /** Every organization's category list. */
    allCategories: ['layout-categories'] as const,
    categories: (organizationId: string) => ['layout-categories', organizationId] as const,
    /** Every single category (with its layouts). */
    allCategoryDetails: ['layout-category'] as const,
    category: (id: string) => ['layout-category', id] as const,
    layout: (id: string) => ['layouts', id] as const,
    renders: (projectId: string) => ['layout-renders', projectId] as const,
    rendersPage: (projectId: string, page: number) => ['layout-renders', projectId, page] as const,
    render: (id: string) => ['layout-render', id] as const,
  },

  photoBatches: {
    /** A project's batches. */
    project: (projectId: string) => ['photo-batches', 'by-project', projectId] as const,
    batch: (batchId: string) => ['photo-batches', batchId] as const,
    /** Every items list of a batch (all, or one state). */
    itemsOf: (batchId: string) => ['photo-batches', batchId, 'items'] as const,
    items: (batchId: string, state: string) => ['photo-batches', batchId, 'items', state] as const,
  },

  subjectImports: {
    list: (projectId: string, page: number) => ['projects', projectId, 'subject-imports', { page }] as const,
    one: (id: string) => ['subject-imports', id] as const,
  },

  exportFormats: {
    all: ['project-export-formats'] as const,
    project: (projectId: string) => ['project-export-formats', 'project', projectId] as const,
    format: (formatId: string) => ['project-export-formats', 'format', formatId] as const,
  },

  projectExports: {
    /** Every export view: lists, single exports and pre-export checks. */
    all: ['project-exports'] as const,
    project: (projectId: string) => ['project-exports', 'by-project', projectId] as const,
    projectPage: (projectId: string, page: number) =>
      ['project-exports', 'by-project', projectId, { page }] as const,
    check: (projectId: string, payload: unknown) =>
      ['project-exports', 'by-project', projectId, 'check', payload] as const,
    export: (exportId: string) => ['project-exports', exportId] as const,
    download: (exportId: string) => ['project-exports', exportId, 'download'] as const,
  },

  photoChecks: {
    /** Every project's review lists and counts (a photo's mark or acceptance changes them). */
    all: ['photo-checks'] as const,
    project: (projectId: string) => ['photo-checks', 'by-project', projectId] as const,
    page: (projectId: string, filters: object, page: number) =>
      ['photo-checks', 'by-project', projectId, 'page', filters, page] as const,
    counts: (projectId: string) => ['photo-checks', 'by-project', projectId, 'counts'] as const,
  },

  auditEvents: {
    /** Every trail page: a download or a sign-in anywhere adds rows. */
    all: ['audit-events'] as const,
    page: (organizationId: string, params: object) => ['audit-events', organizationId, params] as const,
    actors: (organizationId: string) => ['audit-events', organizationId, 'actors'] as const,
  },
};

export const PUBLIC_QUERY_ROOTS = new Set<unknown>(['config', 'version', 'dev']);
