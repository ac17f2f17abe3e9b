import { MULTI_PAGE_SIZES } from '@school-portal/domain';
import { pathOf } from './api';
import { downloadWithToken } from './client';
import { queryKeys } from './keys';
import { useEveryPage, useListPage } from './records';
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
  return useListPage(
    queryKeys.auditEvents.page(organizationId ?? '', { ...filters, page }),
    '/api/organizations/{id}/audit-events',
    organizationId,
    { ...queryOf(filters), page, limit: ACTIVITY_PAGE_SIZE },
  );
}

/** GET /api/organizations/:id/audit-events/actors: a person in the trail. */
export type AuditActor = ElementOf<
  ApiResponse<'/api/organizations/{id}/audit-events/actors', 'get'>['actors']
>;

/** Everyone in the trail the caller reads (the Who filter's choices), every page. */
export function useAuditActors(organizationId: string | null) {
  return useEveryPage(
    queryKeys.auditEvents.actors,
    '/api/organizations/{id}/audit-events/actors',
    organizationId,
    'actors',
    MULTI_PAGE_SIZES.users,
  );
}

/** The same trail (every row the filters select) as CSV, saved by the browser. */
export function downloadAuditEventsCsv(organizationId: string, filters: AuditEventFilters): Promise<void> {
  return downloadWithToken(
    pathOf('/api/organizations/{id}/audit-events.csv', { id: organizationId }),
    'activity.csv',
    queryOf(filters),
  );
}
