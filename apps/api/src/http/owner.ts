import type { FastifyRequest } from 'fastify';
import { findOrganization } from '../modules/organizations/service.js';
import { sessionOf } from './auth.js';
import { unprocessable } from './errors.js';

/**
 * The organization a new record goes into: the one the body names, else the caller's own account's;
 * 422 without either, and the named one must be in view (404) and allowed (403) like any lookup.
 */
export async function owningOrganization(request: FastifyRequest, named: string | undefined) {
  const organizationId = named ?? sessionOf(request).account?.organization_id;
  if (!organizationId) throw unprocessable({ organization_id: ['is invalid'] });
  await request.access.requireVisible({ organization_id: { kind: 'organization', id: organizationId } });
  return findOrganization(request.access, organizationId);
}
