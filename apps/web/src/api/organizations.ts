import { MULTI_PAGE_SIZES, type OrganizationForm, PAGE_SIZES } from '@school-portal/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './keys';
import { fetchAllOf } from './pages';
import { queryClient } from './queryClient';
import type { ApiResponse, ElementOf } from './types';

/** One organization as the lists answer it (API.md, snake_case). */
export type Organization = ElementOf<
  ApiResponse<'/api/organizations/{id}/organizations', 'get'>['organizations']
>;

/** GET /api/organizations/:id: the organization with its own support links and contacts. */
export type OrganizationDetail = ApiResponse<'/api/organizations/{id}', 'get'>['organization'];

/** A support link; a blank `plic_app_slug` means all apps (the server filters to this app already). */
export type SupportLink = ElementOf<OrganizationDetail['support_links']>;

export type SupportContact = ElementOf<OrganizationDetail['support_contacts']>;

/** GET /api/organizations/:id/support: the supporting (parent) organization's links and contacts. */
export type OrganizationSupport = ApiResponse<'/api/organizations/{id}/support', 'get'>;

export type UserSummary = ElementOf<ApiResponse<'/api/organizations/{id}/users', 'get'>['users']>;

/** A row of All Users: GET /api/organizations/:id/accounts with include_users and include_organizations. */
export type AccountRow = ElementOf<ApiResponse<'/api/organizations/{id}/accounts', 'get'>['accounts']>;

export type SchoolPortalPermission = AccountRow['school_portal_permission'];

/** A project as an organization's project list answers it. */
export type OrganizationProject = ElementOf<
  ApiResponse<'/api/organizations/{id}/projects', 'get'>['projects']
>;

/** Query keys of this module. All live under the private `organizations` root (cleared on sign-out). */

/** GET /api/organizations/:id (403 `cannot_show_organization` without the show ability, 404 outside the tree). */
export function useOrganization(organizationId: string) {
  return useQuery({
    queryKey: queryKeys.organizations.detail(organizationId),
    queryFn: async ({ signal }) => {
      const body = await api.get('/api/organizations/{id}', { path: { id: organizationId }, signal });
      return body.organization;
    },
  });
}

/** One page (10) of the organizations below one, every level, optionally matching a keyword. */
export function useSubOrganizationsPage(
  organizationId: string | null | undefined,
  params: { page: number; keyword: string },
) {
  return useQuery({
    queryKey: queryKeys.organizations.childrenPage(organizationId ?? '', params),
    queryFn: async ({ signal }) => {
      const body = await api.get('/api/organizations/{id}/organizations', {
        path: { id: organizationId! },
        query: {
          traverse_sub_organizations: true,
          page: params.page,
          limit: PAGE_SIZES.organizations,
          keyword: params.keyword || undefined,
        },
        signal,
      });
      return body;
    },
    enabled: !!organizationId,
    placeholderData: keepPreviousData,
  });
}

/** Every organization below one (all levels), fetched in pages of 500. */
export function useAllSubOrganizations(organizationId: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys.organizations.allDescendants(organizationId ?? ''),
    queryFn: ({ signal }) =>
      fetchAllOf('/api/organizations/{id}/organizations', 'organizations', MULTI_PAGE_SIZES.organizations, {
        path: { id: organizationId! },
        query: { traverse_sub_organizations: true },
        signal,
      }),
    enabled: !!organizationId,
  });
}

/** POST /api/organizations/:parentId/organizations: 201, or 422 with field errors. */
export function useCreateOrganization(parentOrganizationId: string | null | undefined) {
  return useMutation({
    mutationFn: async (organization: OrganizationForm) => {
      if (!parentOrganizationId) throw new Error('No organization to add a child to');
      const body = await api.post('/api/organizations/{id}/organizations', {
        path: { id: parentOrganizationId },
        body: { organization },
      });
      return body.organization;
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.organizations.all });
    },
  });
}

export type OrganizationChanges = Partial<
  Pick<
    Organization,
    'name' | 'short_code' | 'contact_name' | 'contact_phone' | 'contact_email' | 'logo_url' | 'support_url'
  >
>;

/** PATCH /api/organizations/:id: 200, or 422 with field errors. */
export function useUpdateOrganization(organizationId: string) {
  return useMutation({
    mutationFn: async (organization: OrganizationChanges) => {
      const body = await api.patch('/api/organizations/{id}', {
        path: { id: organizationId },
        body: { organization },
      });
      return body.organization;
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.organizations.all });
    },
  });
}

export interface AccountsParams {
  page: number;
  keyword: string;
  permission: SchoolPortalPermission | '';
  invite: 'accepted' | 'sent' | 'not-sent' | '';
}

/** One page (10) of All Users: accounts of the organization and every one below, with users and organizations. */
export function useAccountsPage(organizationId: string | null | undefined, params: AccountsParams) {
  return useQuery({
    queryKey: queryKeys.organizations.accountsPage(organizationId ?? '', params),
    queryFn: ({ signal }) =>
      api.get('/api/organizations/{id}/accounts', {
        path: { id: organizationId! },
        query: {
          traverse_sub_organizations: true,
          include_users: true,
          include_organizations: true,
          page: params.page,
          limit: PAGE_SIZES.accounts,
          keyword: params.keyword || undefined,
          'filter[school_portal_permission]': params.permission || undefined,
          'filter[invite_status]': params.invite || undefined,
        },
        signal,
      }),
    enabled: !!organizationId,
    placeholderData: keepPreviousData,
  });
}

/** Every user with an account in the organization itself (the organization page's list). */
export function useOrganizationUsers(organizationId: string) {
  return useQuery({
    queryKey: queryKeys.organizations.users(organizationId),
    queryFn: ({ signal }) =>
      fetchAllOf('/api/organizations/{id}/users', 'users', MULTI_PAGE_SIZES.users, {
        path: { id: organizationId },
        signal,
      }),
  });
}

/** The organization's projects, newest first (the organization page's list). */
export function useOrganizationProjectList(organizationId: string) {
  return useQuery({
    queryKey: queryKeys.projects.organizationPage(organizationId),
    queryFn: async ({ signal }) => {
      const body = await api.get('/api/organizations/{id}/projects', {
        path: { id: organizationId },
        query: { limit: MULTI_PAGE_SIZES.projects },
        signal,
      });
      return [...body.projects].sort((a, b) => b.created_at.localeCompare(a.created_at));
    },
  });
}

/** GET /api/organizations/:id/support: the parent's links and contacts for this app. */
export function useOrganizationSupport(organizationId: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys.organizations.support(organizationId ?? ''),
    queryFn: ({ signal }) =>
      api.get('/api/organizations/{id}/support', { path: { id: organizationId! }, signal }),
    enabled: !!organizationId,
  });
}
