import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { csvResponse, sendCsv } from '../../http/csv.js';
import { idParam, isRecordId, pageFields } from '../../http/params.js';
import { listUnderId, moduleRoutes } from '../../http/route.js';
import { createdRecordSchema, namedRef } from '../../wire.js';
import { findOrganization } from '../organizations/service.js';
import { type AuditFilters, shownUserName } from './queries.js';
import { AUDIT_ACTIONS } from './record.js';
import { serializeAuditEvent } from './serialize.js';
import { type AuditScope, auditCsvLines, listAuditActors, listAuditEvents } from './service.js';

const recordId = z.string().refine(isRecordId, 'is invalid');
/** A day (`2026-11-23`, the whole day in UTC) or an instant (ISO 8601 with an offset). */
const dateBound = z.union([z.string().date(), z.string().datetime({ offset: true })]);

const filterQuery = {
  actor_id: recordId.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  project_id: recordId.optional(),
  since: dateBound.optional(),
  until: dateBound.optional(),
};
const listQuery = z.object({ ...filterQuery, ...pageFields(25) }).strict();
const csvQuery = z.object(filterQuery).strict();

export const auditEventSchema = createdRecordSchema({
  action: z.string(),
  record_type: z.string(),
  record_id: z.string().nullable(),
  project_id: z.string().nullable(),
  /** Null when the project is gone (deleted). */
  project_name: z.string().nullable(),
  /** Null for a failed sign-in with an unknown e-mail; a deleted user's name is "(Deleted)". */
  user: namedRef.nullable(),
  account_id: z.string().nullable(),
  acting_organization: namedRef.nullable(),
  owner_organization_id: z.string().nullable(),
  ip: z.string().nullable(),
  /** Ids and counts only. */
  details: z.record(z.string(), z.unknown()),
});

/** A day bound covers the whole day: `until=2026-11-23` ends at the start of the 24th. */
function filtersOf(q: z.infer<typeof csvQuery>): AuditFilters {
  const bound = (v: string | undefined, endOfDay: boolean) => {
    if (!v) return undefined;
    const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v);
    if (endOfDay && /^\d{4}-\d{2}-\d{2}$/.test(v)) d.setUTCDate(d.getUTCDate() + 1);
    return d;
  };
  return {
    actorId: q.actor_id,
    action: q.action,
    projectId: q.project_id,
    since: bound(q.since, false),
    until: bound(q.until, true),
  };
}

/** The activity trail of an organization's tree (API.md `activity`). */
export function registerAuditRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['activity']);

  /** The organization named in the path, in view and allowed, and how much of its trail the caller reads. */
  async function scopeOf(request: FastifyRequest, id: string): Promise<AuditScope> {
    const s = sessionOf(request);
    const organization = await findOrganization(request.access, id);
    return {
      organizationIds: request.access.subtreeIds(organization.id),
      mode: s.abilities.isManager ? ('tree' as const) : ('projects' as const),
    };
  }

  app.get(
    '/api/organizations/:id/audit-events',
    operation(
      'audit-event.list',
      "The activity trail of an organization's tree, newest first (paged); a school reads its projects' rows",
      listUnderId('audit_events', auditEventSchema, listQuery),
    ),
    async (request) => {
      const scope = await scopeOf(request, request.params.id);
      const q = request.query;
      const { rows, meta } = await listAuditEvents(ctx.db, scope, filtersOf(q), q);
      return { audit_events: rows.map(serializeAuditEvent), meta };
    },
  );

  app.get(
    '/api/organizations/:id/audit-events/actors',
    operation(
      'audit-event.list',
      "The people in the trail the caller reads (the Activity page's Who filter), by name (paged)",
      listUnderId('actors', namedRef, z.object(pageFields(500)).strict()),
    ),
    async (request) => {
      const scope = await scopeOf(request, request.params.id);
      const q = request.query;
      const { rows, meta } = await listAuditActors(ctx.db, scope, q);
      return { actors: rows.map((r) => ({ id: r.id, name: shownUserName(r) })), meta };
    },
  );

  app.get(
    '/api/organizations/:id/audit-events.csv',
    operation(
      'audit-event.list',
      'The same trail as CSV (same filters, every row, streamed; cells neutralized against formulas)',
      { params: idParam, querystring: csvQuery, response: csvResponse },
    ),
    async (request, reply) => {
      const scope = await scopeOf(request, request.params.id);
      const filters = filtersOf(request.query);
      return sendCsv(reply, 'activity.csv', Readable.from(auditCsvLines(ctx.db, scope, filters)));
    },
  );
}
