import { EXPORT_FORMAT_SETTINGS } from '@school-portal/domain';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** Formats with their organization's name and their creator (null name when the creator is deleted). */
export function selectFormats(db: Db | Transaction<Database>) {
  return db
    .selectFrom('project_export_formats as f')
    .leftJoin('organizations as o', 'o.id', 'f.organization_id')
    .leftJoin('users as u', 'u.id', 'f.created_by_user_id')
    .select(EXPORT_FORMAT_SETTINGS.map((c) => `f.${c}` as const))
    .select([
      'f.id',
      'f.organization_id',
      'f.standard_key',
      'f.created_by_user_id',
      'f.created_at',
      'f.updated_at',
      'o.name as organization_name',
      'u.name as created_by_user_name',
      'u.deleted_at as created_by_user_deleted_at',
    ]);
}
export type FormatRow = Awaited<ReturnType<ReturnType<typeof selectFormats>['executeTakeFirstOrThrow']>>;

export interface MappingRow {
  project_export_format_id: string;
  field_key: string | null;
  custom_label: string | null;
  position: number;
}

export async function loadMappings(db: Db, formatIds: string[]): Promise<Map<string, MappingRow[]>> {
  const byFormat = new Map<string, MappingRow[]>();
  if (formatIds.length === 0) return byFormat;
  const rows = await db
    .selectFrom('project_export_format_field_mappings')
    .select(['project_export_format_id', 'field_key', 'custom_label', 'position'])
    .where('project_export_format_id', 'in', formatIds)
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = byFormat.get(row.project_export_format_id) ?? [];
    list.push(row);
    byFormat.set(row.project_export_format_id, list);
  }
  return byFormat;
}

export async function replaceMappings(
  trx: Transaction<Database>,
  formatId: string,
  mappings: { field_key: string | null; custom_label: string | null; position: number }[],
) {
  await trx
    .deleteFrom('project_export_format_field_mappings')
    .where('project_export_format_id', '=', formatId)
    .execute();
  if (mappings.length === 0) return;
  await trx
    .insertInto('project_export_format_field_mappings')
    .values(
      mappings.map((m) => ({
        project_export_format_id: formatId,
        field_key: m.field_key,
        custom_label: m.custom_label,
        position: m.position,
      })),
    )
    .execute();
}

/** One format's row as stored (an export reads every setting), or none. */
export function formatRowById(db: Db, id: string) {
  return db.selectFrom('project_export_formats').selectAll().where('id', '=', id).executeTakeFirst();
}
