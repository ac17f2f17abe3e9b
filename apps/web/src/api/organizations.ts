import { MULTI_PAGE_SIZES, type OrganizationForm, PAGE_SIZES } from '@school-portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './keys';
import { queryClient } from './queryClient';
import { sendRecord, useEveryPage, useListPage, useRecord } from './records';
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
  return useRecord(queryKeys.organizations.detail, '/api/organizations/{id}', organizationId, 'organization');
}

/** One page (10) of the organizations below one, every level, optionally matching a keyword. */
export function useSubOrganizationsPage(
  organizationId: string | null | undefined,
  params: { page: number; keyword: string },
) {
  return useListPage(
    queryKeys.organizations.childrenPage(organizationId ?? '', params),
    '/api/organizations/{id}/organizations',
    organizationId,
    {
      traverse_sub_organizations: true,
      page: params.page,
      limit: PAGE_SIZES.organizations,
      keyword: params.keyword || undefined,
    },
  );
}

/** Every organization below one (all levels), fetched in pages of 500. */
export function useAllSubOrganizations(organizationId: string | null | undefined) {
  return useEveryPage(
    queryKeys.organizations.allDescendants,
    '/api/organizations/{id}/organizations',
    organizationId,
    'organizations',
    MULTI_PAGE_SIZES.organizations,
    { query: { traverse_sub_organizations: true } },
  );
}

/** Every organization view read afresh (awaited: the mutation settles once they are). */
const refreshOrganizations = () => queryClient.invalidateQueries({ queryKey: queryKeys.organizations.all });

/** POST /api/organizations/:parentId/organizations: 201, or 422 with field errors. */
export function useCreateOrganization(parentOrganizationId: string | null | undefined) {
  return useMutation({
    mutationFn: async (organization: OrganizationForm) => {
      if (!parentOrganizationId) throw new Error('No organization to add a child to');
      return sendRecord('post', '/api/organizations/{id}/organizations', parentOrganizationId, {
        organization,
      });
    },
    onSuccess: refreshOrganizations,
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
    mutationFn: (organization: OrganizationChanges) =>
      sendRecord('patch', '/api/organizations/{id}', organizationId, { organization }),
    onSuccess: refreshOrganizations,
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
  return useListPage(
    queryKeys.organizations.accountsPage(organizationId ?? '', params),
    '/api/organizations/{id}/accounts',
    organizationId,
    {
      traverse_sub_organizations: true,
      include_users: true,
      include_organizations: true,
      page: params.page,
      limit: PAGE_SIZES.accounts,
      keyword: params.keyword || undefined,
      'filter[school_portal_permission]': params.permission || undefined,
      'filter[invite_status]': params.invite || undefined,
    },
  );
}

/** Every user with an account in the organization itself (the organization page's list). */
export function useOrganizationUsers(organizationId: string) {
  return useEveryPage(
    queryKeys.organizations.users,
    '/api/organizations/{id}/users',
    organizationId,
    'users',
    MULTI_PAGE_SIZES.users,
  );
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
