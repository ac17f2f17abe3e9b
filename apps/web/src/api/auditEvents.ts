import { MULTI_PAGE_SIZES } from '@school-portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, pathOf } from './api';
import { downloadWithToken } from './client';
import { queryKeys } from './keys';
import { fetchAllOf } from './pages';
import type { ApiResponse, ElementOf } from './types';

/** GET /api/organizations/:id/audit-events. */
export type AuditEventsResponse = ApiResponse<'/api/organizations/{id}/audit-events', 'get'>;
export type AuditEvent = ElementOf<AuditEventsResponse['audit_events']>;

/** The Activity page's filters, as the API names them; empty means "any". */
export interface AuditEventFilters {
  actor_id: string;
  action: string;
  project_id: string;
  /** Days (`2026-11-23`), whole days in UTC. */
  since: string;
  until: string;
}

export const ACTIVITY_PAGE_SIZE = 25;

const queryOf = (filters: AuditEventFilters) =>
  Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v || undefined]));

/** One page of an organization's activity trail, newest first. */
export function useAuditEvents(organizationId: string | null, filters: AuditEventFilters, page: number) {
  return useQuery({
    queryKey: queryKeys.auditEvents.page(organizationId ?? '', { ...filters, page }),
    queryFn: ({ signal }) =>
      api.get('/api/organizations/{id}/audit-events', {
        path: { id: organizationId! },
        query: { ...queryOf(filters), page, limit: ACTIVITY_PAGE_SIZE },
        signal,
      }),
    enabled: !!organizationId,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/organizations/:id/audit-events/actors: a person in the trail. */
export type AuditActor = ElementOf<
  ApiResponse<'/api/organizations/{id}/audit-events/actors', 'get'>['actors']
>;

/** Everyone in the trail the caller reads (the Who filter's choices), every page. */
export function useAuditActors(organizationId: string | null) {
  return useQuery({
    queryKey: queryKeys.auditEvents.actors(organizationId ?? ''),
    queryFn: ({ signal }) =>
      fetchAllOf('/api/organizations/{id}/audit-events/actors', 'actors', MULTI_PAGE_SIZES.users, {
        path: { id: organizationId! },
        signal,
      }),
    enabled: !!organizationId,
  });
}

/** The same trail (every row the filters select) as CSV, saved by the browser. */
export function downloadAuditEventsCsv(organizationId: string, filters: AuditEventFilters): Promise<void> {
  return downloadWithToken(
    pathOf('/api/organizations/{id}/audit-events.csv', { id: organizationId }),
    'activity.csv',
    queryOf(filters),
  );
}
