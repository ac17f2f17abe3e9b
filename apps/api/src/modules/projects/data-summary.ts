import { effectiveLabel, readsHiddenFields } from '@school-portal/domain';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { projectAttachmentReads } from '../attachments/queries.js';
import { projectGuardianReads } from '../families/queries.js';
import { GUARDIAN_RETENTION_DAYS } from '../families/retention.js';
import { projectRenderReads } from '../layouts/queries.js';
import { WALK_UP_RETENTION_DAYS } from '../photo-sessions/retention.js';
import { projectPhotoReads } from '../photos/queries.js';
import { projectExportReads } from '../project-exports/queries.js';
import { loadFields } from '../project-templates/service.js';
import { projectSubjectReads } from '../subjects/queries.js';
import type { Session } from '../users/session.js';
import { projectsWithOrganization } from './queries.js';

export const dataSummarySchema = z.object({
  project_id: z.string(),
  project_name: z.string(),
  organization_name: z.string(),
  project_created_at: z.string(),
  counts: z.object({
    subjects: z.number(),
    photos: z.number(),
    files: z.number(),
    exports: z.number(),
    renders: z.number(),
    /** Guardians who claimed a child of the project (families). */
    guardians: z.number(),
  }),
  /** The template's field names only: never a value. Hidden fields are counted for callers who can't see them. */
  field_names: z.array(z.string()),
  hidden_fields_count: z.number(),
  storage: z.object({ driver: z.enum(['local', 's3']), description: z.string() }),
  retention: z.object({
    export_retention_days: z.number(),
    render_retention_days: z.number(),
    audit_retention_days: z.number(),
    /** A guardian who has not signed in again within it is removed. */
    guardian_retention_days: z.number(),
    /** A walk-up the studio never approved goes this many days after its session's date. */
    walk_up_retention_days: z.number(),
  }),
  oldest_record_at: z.string().nullable(),
  newest_record_at: z.string().nullable(),
});

/** Where files are kept, in words a privacy office can use (no bucket names or paths). */
function storageDescription(ctx: AppContext): string {
  const s = ctx.config.storage;
  if (s.driver === 's3')
    return `S3-compatible object storage (region ${s.s3.region}), in a private bucket; files are served through signed, expiring addresses.`;
  return "The local disk of the portal's server; files are served through signed, expiring addresses.";
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/**
 * What the product holds about one project (the data summary a school may ask for): counts, field names,
 * where files are, and how long things are kept. Counts and dates only; no student's data.
 */
export async function projectDataSummary(
  ctx: AppContext,
  session: Session,
  projectId: string,
): Promise<z.infer<typeof dataSummarySchema>> {
  const subjects = projectSubjectReads('p.id');
  const photos = projectPhotoReads('p.id');
  const files = projectAttachmentReads('p.id');
  const renders = projectRenderReads('p.id');
  const exports = projectExportReads('p.id');
  const row = await projectsWithOrganization(ctx.db)
    .select([
      'p.id',
      'p.name',
      'p.created_at',
      'p.project_template_id',
      'o.name as organization_name',
      subjects.count.as('subjects'),
      photos.verifiedCount.as('photos'),
      files.verifiedCount.as('files'),
      renders.storedCount.as('renders'),
      exports.storedCount.as('exports'),
      projectGuardianReads('p.id').count.as('guardians'),
      sql<Date | null>`LEAST(${subjects.oldest}, ${photos.oldest}, ${files.oldest}, ${renders.oldest}, ${exports.oldest})`.as(
        'oldest',
      ),
      sql<Date | null>`GREATEST(${subjects.newest}, ${photos.newest}, ${files.newest}, ${renders.newest}, ${exports.newest})`.as(
        'newest',
      ),
    ])
    .where('p.id', '=', projectId)
    .executeTakeFirstOrThrow();
  const all = row.project_template_id ? await loadFields(ctx.db, [row.project_template_id], true) : [];
  const seen = readsHiddenFields(session.abilities) ? all : all.filter((f) => f.visible_to_customers);
  return {
    project_id: row.id,
    project_name: row.name,
    organization_name: row.organization_name,
    project_created_at: row.created_at.toISOString(),
    counts: {
      subjects: row.subjects,
      photos: row.photos,
      files: row.files,
      exports: row.exports,
      renders: row.renders,
      guardians: row.guardians,
    },
    field_names: seen.map((f) => effectiveLabel(f)),
    hidden_fields_count: all.length - seen.length,
    storage: { driver: ctx.config.storage.driver, description: storageDescription(ctx) },
    retention: {
      export_retention_days: ctx.config.exportRetentionDays,
      render_retention_days: ctx.config.exportRetentionDays,
      audit_retention_days: ctx.config.auditRetentionDays,
      guardian_retention_days: GUARDIAN_RETENTION_DAYS,
      walk_up_retention_days: WALK_UP_RETENTION_DAYS,
    },
    oldest_record_at: iso(row.oldest),
    newest_record_at: iso(row.newest),
  };
}
