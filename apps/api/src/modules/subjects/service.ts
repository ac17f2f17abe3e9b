import {
  displayName,
  type FieldRef,
  mapProperties,
  readsHiddenFields,
  reverseFullName,
} from '@school-portal/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import { type Db, prepared } from '../../db/database.js';
import type { Storage } from '../../storage/storage.js';
import { isoTimestamps } from '../../wire.js';
import type { Access, Decision } from '../access/visibility.js';
import { subjectPhotoReads, thumbnailSources } from '../photos/queries.js';
import { baseOf, renditionKey, THUMB_EXPIRY_SECONDS } from '../photos/service.js';
import { templateFieldReads } from '../project-templates/queries.js';
import { selectLiveProjects } from '../projects/queries.js';
import type { Session } from '../users/session.js';

/** What subject routes read of their project: no counts (they cost a subquery each, on every request). */
export interface ProjectOfSubjects {
  id: string;
  name: string;
  organization_id: string;
  organization_name: string;
  project_template_id: string | null;
  /** Moves on every change a grid page may show (migration 0021); '0' before the first. */
  grid_version: string;
}

export interface ProjectFields {
  project: ProjectOfSubjects;
  /** The fields this caller may see, in order. */
  fields: FieldRef[];
  /** Every field of the project, hidden ones included (for deriving names and checking writes). */
  allFields: FieldRef[];
}

/** A project in view with its subject fields, in one query (the grid and every subject route read it). */
export async function loadProjectFields(
  access: Access,
  session: Session,
  projectId: string,
): Promise<ProjectFields> {
  const row = await access.findRow('project', projectId, selectProjectWithFields, 'p.id');
  return withFields(session, row);
}

/** The same for a project already found in view (a subject's project is in view with its subject). */
export async function projectFieldsById(db: Db, session: Session, projectId: string): Promise<ProjectFields> {
  const { rows } = await prepared(db, selectProjectWithFields(db).where('p.id', '=', projectId));
  if (!rows[0]) throw new Error(`project ${projectId} not found`);
  return withFields(session, rows[0]);
}

const selectProjectWithFields = (db: Db) =>
  selectLiveProjects(db).select([
    sql<string>`coalesce((SELECT v.version FROM project_grid_versions v WHERE v.project_id = p.id), 0)::text`.as(
      'grid_version',
    ),
    templateFieldReads('p.project_template_id').refs.as('template_fields'),
  ]);

function withFields(
  session: Session,
  row: ProjectOfSubjects & { template_fields: FieldRef[] },
): ProjectFields {
  const { template_fields: allFields, ...project } = row;
  const fields = readsHiddenFields(session.abilities)
    ? allFields
    : allFields.filter((f) => f.visible_to_customers);
  return { project, fields, allFields };
}

const SUBJECT_COLUMNS = [
  's.id',
  's.project_id',
  's.properties',
  's.yearbook_photo_id',
  's.card_code',
  's.directory_opt_out',
  's.yearbook_opt_out',
  's.created_by_plic_app_id',
  's.created_at',
  's.updated_at',
] as const;
/** The same columns as SQL, for queries written in SQL (the grid page). */
export const subjectColumns = sql.join(SUBJECT_COLUMNS.map((c) => sql.ref(c)));

export const selectSubjectRows = (db: Db) =>
  db
    .selectFrom('subjects as s')
    .select([
      ...SUBJECT_COLUMNS,
      subjectPhotoReads('s.id').count.as('photos_count'),
      subjectPhotoReads('s.id').primaryPhotoId.as('primary_photo_id'),
    ]);
export type SubjectRow = Awaited<ReturnType<ReturnType<typeof selectSubjectRows>['executeTakeFirstOrThrow']>>;

/** A subject as the caller may see it: hidden fields' values never leave the server without the ability. */
export function serializeSubject(row: SubjectRow, pf: Pick<ProjectFields, 'fields' | 'allFields'>) {
  const visibleIds = new Set(pf.fields.map((f) => f.id));
  const properties = Object.fromEntries(Object.entries(row.properties).filter(([id]) => visibleIds.has(id)));
  const mapped = mapProperties(pf.fields, properties);
  return {
    id: row.id,
    project_id: row.project_id,
    properties,
    mapped_properties: mapped,
    display_name: displayName(mapped),
    full_name: [mapped.first_name, mapped.last_name].filter(Boolean).join(' '),
    reverse_full_name: reverseFullName(mapped),
    grade: mapped.grade ?? null,
    photos_count: row.photos_count,
    primary_photo_id: row.primary_photo_id,
    yearbook_photo_id: row.yearbook_photo_id,
    card_code: row.card_code,
    directory_opt_out: row.directory_opt_out,
    yearbook_opt_out: row.yearbook_opt_out,
    created_by_plic_app_id: row.created_by_plic_app_id,
    ...isoTimestamps(row),
  };
}

/** A subject in view, else 404; then the route's action (or `decision`'s) decided. */
export function findSubject(access: Access, id: string, decision?: Decision<SubjectRow>) {
  return access.findRow('subject', id, selectSubjectRows, 's.id', decision);
}

/** `properties->>'<field id>'` as text ('' when missing); values are stored trimmed (migration 0018). */
export const fieldValue = (fieldId: string) => sql<string>`coalesce(s.properties ->> ${fieldId}, '')`;

export type Condition = Expression<SqlBool>;

type SerializedSubject = ReturnType<typeof serializeSubject>;

/** Adds each subject's primary-photo thumbnails (tiny and small, signed), loading the photos in one query. */
export async function withPrimaryThumbnails(db: Db, storage: Storage, subjects: SerializedSubject[]) {
  const ids = [...new Set(subjects.map((s) => s.primary_photo_id).filter((id): id is string => !!id))];
  const photos = ids.length ? await thumbnailSources(db, ids) : [];
  const byId = new Map(photos.map((p) => [p.id, p]));
  return Promise.all(
    subjects.map(async (subject) => ({
      ...subject,
      primary_photo_thumbnails: await primaryThumbnails(
        storage,
        subject.primary_photo_id ? byId.get(subject.primary_photo_id) : undefined,
      ),
    })),
  );
}

/** The signed tiny and small thumbnails of a subject's primary photo; null until its renditions are made. */
export async function primaryThumbnails(
  storage: Storage,
  photo: { storage_key: string | null; renditions_ready_at: Date | null } | undefined,
) {
  if (!photo?.storage_key || !photo.renditions_ready_at) return null;
  const base = baseOf(photo.storage_key);
  const sign = (size: 'tiny' | 'small') =>
    storage.presignGet({ key: renditionKey(base, size), expiresInSeconds: THUMB_EXPIRY_SECONDS });
  return { tiny: await sign('tiny'), small: await sign('small') };
}

/** The subject's photos, primary first, each with its assignment. */
