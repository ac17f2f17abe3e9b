import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import { type PageRequest, pageOf } from '../../db/paging.js';
import type { Database } from '../../db/schema.js';
import { requireWritten } from '../../http/errors.js';
import { type Access, type Decision, withTarget } from '../access/visibility.js';

export interface SubjectFieldRow {
  id: string;
  project_template_id: string;
  field_key: string | null;
  label: string | null;
  arrangement_position: number;
  auto_suggest_enabled: boolean;
  visible_to_customers: boolean;
}

export function selectTemplates(db: Db) {
  return db
    .selectFrom('project_templates as t')
    .innerJoin('organizations as o', 'o.id', 't.organization_id')
    .select([
      't.id',
      't.name',
      't.organization_id',
      'o.name as organization_name',
      't.project_id',
      't.created_at',
      't.updated_at',
    ]);
}
export type TemplateRow = Awaited<ReturnType<ReturnType<typeof selectTemplates>['executeTakeFirstOrThrow']>>;

/**
 * A template the caller may look at (see the access module: reusable ones in view or above, a project's
 * copy with its project), anything else not found; then the action decided on it.
 */
export function findTemplate(access: Access, id: string, decision?: Decision<TemplateRow>) {
  return access.findRow(
    'template',
    id,
    selectTemplates,
    't.id',
    withTarget(decision, (t) => t),
  );
}

/** Fields in arrangement order; hidden ones only for callers who read hidden fields (readsHiddenFields). */
export async function loadFields(
  db: Db,
  templateIds: string[],
  includeHidden: boolean,
): Promise<SubjectFieldRow[]> {
  if (templateIds.length === 0) return [];
  let query = db
    .selectFrom('subject_fields')
    .selectAll()
    .where('project_template_id', 'in', templateIds)
    .orderBy('arrangement_position')
    .orderBy('id');
  if (!includeHidden) query = query.where('visible_to_customers', '=', true);
  return query.execute();
}

export async function insertFields(
  trx: Transaction<Database>,
  templateId: string,
  fields: {
    field_key: string | null;
    label: string | null;
    visible_to_customers: boolean;
    auto_suggest_enabled: boolean;
  }[],
) {
  if (fields.length === 0) return;
  await trx
    .insertInto('subject_fields')
    .values(
      fields.map((f, i) => ({
        project_template_id: templateId,
        field_key: f.field_key,
        label: f.label,
        arrangement_position: i,
        visible_to_customers: f.visible_to_customers,
        auto_suggest_enabled: f.auto_suggest_enabled,
      })),
    )
    .execute();
}

/** Copies a template with its fields into one tied to a project (the project's own fields). */
export async function copyTemplateForProject(
  trx: Transaction<Database>,
  templateId: string,
  projectId: string,
) {
  const template = await trx
    .selectFrom('project_templates')
    .select(['name', 'organization_id'])
    .where('id', '=', templateId)
    .executeTakeFirstOrThrow();
  const copy = await trx
    .insertInto('project_templates')
    .values({ name: template.name, organization_id: template.organization_id, project_id: projectId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fields = await trx
    .selectFrom('subject_fields')
    .selectAll()
    .where('project_template_id', '=', templateId)
    .orderBy('arrangement_position')
    .orderBy('id')
    .execute();
  await insertFields(trx, copy.id, fields);
  return copy.id;
}

/** One page of an organization's reusable templates (not a project's copy), newest first. */
export function listTemplates(db: Db, organizationId: string, page: PageRequest) {
  return pageOf(
    db,
    selectTemplates(db).where('t.organization_id', '=', organizationId).where('t.project_id', 'is', null),
    (query) => query.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc'),
    page,
  );
}

function templateById(db: Db, id: string): Promise<TemplateRow> {
  return selectTemplates(db).where('t.id', '=', id).executeTakeFirstOrThrow();
}

type FieldsForm = Parameters<typeof insertFields>[2];

/** Creates a reusable template of an organization with its fields. */
export async function createTemplate(
  db: Db,
  organizationId: string,
  form: { name: string; subject_fields_attributes: FieldsForm },
): Promise<TemplateRow> {
  const id = await db.transaction().execute(async (trx) => {
    const template = await trx
      .insertInto('project_templates')
      .values({ name: form.name, organization_id: organizationId, project_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertFields(trx, template.id, form.subject_fields_attributes);
    return template.id;
  });
  return templateById(db, id);
}

/** Replaces a template's name and fields. */
export async function replaceTemplate(
  db: Db,
  id: string,
  form: { name: string; subject_fields_attributes: FieldsForm },
): Promise<TemplateRow> {
  await db.transaction().execute(async (trx) => {
    // Deleted meanwhile by a concurrent request: 404 before its fields are written.
    requireWritten(
      await trx
        .updateTable('project_templates')
        .set({ name: form.name, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .executeTakeFirst(),
    );
    await trx.deleteFrom('subject_fields').where('project_template_id', '=', id).execute();
    await insertFields(trx, id, form.subject_fields_attributes);
  });
  return templateById(db, id);
}

/** Deletes a template (404 when it went meanwhile); projects keep their copies. */
export async function deleteTemplate(db: Db, id: string): Promise<void> {
  requireWritten(await db.deleteFrom('project_templates').where('id', '=', id).executeTakeFirst());
}
