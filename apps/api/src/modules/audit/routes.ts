import { Readable } from 'node:stream';
import { csvLine } from '@school-portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authorize, sessionOf } from '../../http/auth.js';
import { idParam, isRecordId, listMeta, pageQuery } from '../../http/params.js';
import { contentDisposition } from '../../storage/storage.js';
import { countAll, findVisibleOrganization, organizationTarget } from '../organizations/service.js';
import {
  type AuditFilters,
  type AuditRow,
  auditRowColumns,
  selectAuditActors,
  selectAuditEvents,
  shownUserName,
} from './queries.js';
import { AUDIT_ACTIONS } from './record.js';

/** An acting organization no longer there (the same word as a deleted user). */
const DELETED_ORGANIZATION = '(Deleted)';
const CSV_BATCH = 1000;

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
const listQuery = z
  .object({ ...filterQuery, ...pageQuery, limit: z.coerce.number().int().min(1).max(500).default(25) })
  .strict();
const csvQuery = z.object(filterQuery).strict();

export const auditEventSchema = z.object({
  id: z.string(),
  action: z.string(),
  record_type: z.string(),
  record_id: z.string().nullable(),
  project_id: z.string().nullable(),
  /** Null when the project is gone (deleted). */
  project_name: z.string().nullable(),
  /** Null for a failed sign-in with an unknown e-mail; a deleted user's name is "(Deleted)". */
  user: z.object({ id: z.string(), name: z.string() }).nullable(),
  account_id: z.string().nullable(),
  acting_organization: z.object({ id: z.string(), name: z.string() }).nullable(),
  owner_organization_id: z.string().nullable(),
  ip: z.string().nullable(),
  /** Ids and counts only. */
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

function serializeAuditEvent(r: AuditRow): z.infer<typeof auditEventSchema> {
  return {
    id: r.id,
    action: r.action,
    record_type: r.record_type,
    record_id: r.record_id,
    project_id: r.project_id,
    project_name: r.project_name,
    user: r.user_id ? { id: r.user_id, name: shownUserName(r) } : null,
    account_id: r.account_id,
    acting_organization: r.acting_organization_id
      ? { id: r.acting_organization_id, name: r.acting_organization_name ?? DELETED_ORGANIZATION }
      : null,
    owner_organization_id: r.owner_organization_id,
    ip: r.ip,
    details: r.details,
    created_at: r.created_at.toISOString(),
  };
}

const CSV_HEADER = [
  'ID',
  'Time (UTC)',
  'Action',
  'User',
  'User ID',
  'Account ID',
  'Acting organization',
  'Acting organization ID',
  'Owner organization ID',
  'Record type',
  'Record ID',
  'Project',
  'Project ID',
  'Address',
];

function csvRow(r: AuditRow): string {
  return csvLine([
    r.id,
    r.created_at.toISOString(),
    r.action,
    r.user_id ? shownUserName(r) : '',
    r.user_id ?? '',
    r.account_id ?? '',
    r.acting_organization_name ?? '',
    r.acting_organization_id ?? '',
    r.owner_organization_id ?? '',
    r.record_type,
    r.record_id ?? '',
    r.project_name ?? '',
    r.project_id ?? '',
    r.ip ?? '',
  ]);
}

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

/** The activity trail of an organization's tree (issue 16; API.md `activity`). */
export function registerAuditRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  /** The organization named in the path, in view and allowed, and how much of its trail the caller reads. */
  async function scopeOf(request: FastifyRequest, id: string) {
    const s = sessionOf(request);
    const { organization } = await findVisibleOrganization(ctx.db, s, id);
    authorize(request, organizationTarget(organization, s));
    return {
      organizationIds: request.access.subtreeIds(organization.id),
      mode: s.abilities.isManager ? ('tree' as const) : ('projects' as const),
    };
  }

  app.get(
    '/api/organizations/:id/audit-events',
    {
      config: { action: 'audit-event.list' },
      schema: {
        tags: ['activity'],
        summary:
          "The activity trail of an organization's tree, newest first (paged); a school reads its projects' rows",
        params: idParam,
        querystring: listQuery,
        response: { 200: z.object({ audit_events: z.array(auditEventSchema), meta: listMeta }) },
      },
    },
    async (request) => {
      const scope = await scopeOf(request, request.params.id);
      const q = request.query;
      const query = selectAuditEvents(ctx.db, scope.organizationIds, scope.mode, filtersOf(q));
      const [rows, total] = await Promise.all([
        auditRowColumns(query)
          .orderBy('e.created_at', 'desc')
          .orderBy('e.id', 'desc')
          .limit(q.limit)
          .offset((q.page - 1) * q.limit)
          .execute(),
        query.select(countAll.as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        audit_events: rows.map(serializeAuditEvent),
        meta: { page: q.page, limit: q.limit, total: total.n },
      };
    },
  );

  app.get(
    '/api/organizations/:id/audit-events/actors',
    {
      config: { action: 'audit-event.list' },
      schema: {
        tags: ['activity'],
        summary: "The people in the trail the caller reads (the Activity page's Who filter), by name (paged)",
        params: idParam,
        querystring: z
          .object({ ...pageQuery, limit: z.coerce.number().int().min(1).max(500).default(500) })
          .strict(),
        response: {
          200: z.object({ actors: z.array(z.object({ id: z.string(), name: z.string() })), meta: listMeta }),
        },
      },
    },
    async (request) => {
      const scope = await scopeOf(request, request.params.id);
      const q = request.query;
      const actors = selectAuditActors(ctx.db, scope.organizationIds, scope.mode);
      const [rows, total] = await Promise.all([
        ctx.db
          .selectFrom(actors.as('a'))
          .selectAll()
          .orderBy('a.user_name')
          .orderBy('a.id')
          .limit(q.limit)
          .offset((q.page - 1) * q.limit)
          .execute(),
        ctx.db.selectFrom(actors.as('a')).select(countAll.as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        actors: rows.map((r) => ({ id: r.id, name: shownUserName(r) })),
        meta: { page: q.page, limit: q.limit, total: total.n },
      };
    },
  );

  app.get(
    '/api/organizations/:id/audit-events.csv',
    {
      config: { action: 'audit-event.list' },
      schema: {
        tags: ['activity'],
        summary:
          'The same trail as CSV (same filters, every row, streamed; cells neutralized against formulas)',
        params: idParam,
        querystring: csvQuery,
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request, request.params.id);
      const filters = filtersOf(request.query);
      // Keyset pages, so a long trail streams in constant memory and a new row can't shift a page.
      async function* lines() {
        yield `\uFEFF${csvLine(CSV_HEADER)}\r\n`;
        let after: { at: string; id: string } | null = null;
        for (;;) {
          let page = auditRowColumns(selectAuditEvents(ctx.db, scope.organizationIds, scope.mode, filters));
          if (after) {
            const { at, id } = after;
            page = page.where(sql<boolean>`(e.created_at, e.id) < (${at}::timestamptz, ${id}::bigint)`);
          }
          const rows = await page
            .orderBy('e.created_at', 'desc')
            .orderBy('e.id', 'desc')
            .limit(CSV_BATCH)
            .execute();
          if (rows.length > 0) yield `${rows.map(csvRow).join('\r\n')}\r\n`;
          if (rows.length < CSV_BATCH) return;
          const last = rows[rows.length - 1]!;
          after = { at: last.cursor_at, id: last.id };
        }
      }
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition('activity.csv'))
          // Streams pass the response serializer by; its type only knows the schema's string.
          .send(Readable.from(lines()) as unknown as string)
      );
    },
  );
}
