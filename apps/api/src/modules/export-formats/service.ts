import {
  can,
  copyName,
  EXPORT_FORMAT_SETTINGS,
  type ExportFormatSetting,
  type ExportFormatValues,
} from '@school-portal/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { forbidden, requireWritten } from '../../http/errors.js';
import { type Access, type Decision, withTarget } from '../access/visibility.js';
import type { Session } from '../users/session.js';
import { type FormatRow, loadMappings, replaceMappings, selectFormats } from './queries.js';
import { formatRef, type SerializedExportFormat, serializeFormat } from './serialize.js';

/** Built-in formats first, then custom ones, each by name. */
const ordered = (db: Db) =>
  selectFormats(db).orderBy(sql`f.organization_id IS NULL`, 'desc').orderBy('f.name').orderBy('f.id');

async function serializeAll(db: Db, rows: FormatRow[]): Promise<SerializedExportFormat[]> {
  const mappings = await loadMappings(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => serializeFormat(r, mappings.get(r.id) ?? []));
}

export async function serializeOne(db: Db, id: string): Promise<SerializedExportFormat> {
  const row = await selectFormats(db).where('f.id', '=', id).executeTakeFirstOrThrow();
  const [format] = await serializeAll(db, [row]);
  return format as SerializedExportFormat;
}

/** A format the caller can see (access module), else 404; then the action decided on it. */
export function findFormat(access: Access, id: string, decision?: Decision<FormatRow>) {
  return access.findRow('export_format', id, selectFormats, 'f.id', withTarget(decision, formatRef));
}

/** What a project of `organizationId` may use: built-in, its organization's own, shared from above. */
export async function listForProject(db: Db, access: Access, organizationId: string) {
  const rows = await ordered(db).where('f.id', 'in', access.exportFormatIdsFor(organizationId)).execute();
  return serializeAll(db, rows);
}

/** An organization's own custom formats. */
export async function listForOrganization(db: Db, organizationId: string) {
  const rows = await ordered(db).where('f.organization_id', '=', organizationId).execute();
  return serializeAll(db, rows);
}

/**
 * Making a format available to sub-organizations is for studio or lab managers (exports §6). Turning it
 * on without that permission is refused; a format that already has it keeps it.
 */
function checkSharing(session: Session, wanted: boolean, already: boolean) {
  if (wanted && !already && !can(session.abilities, 'export-format.share')) throw forbidden('not_allowed');
}

const settingsOf = (values: ExportFormatValues) =>
  Object.fromEntries(EXPORT_FORMAT_SETTINGS.map((c) => [c, values[c]])) as Pick<
    ExportFormatValues,
    ExportFormatSetting
  >;

export async function createFormat(
  db: Db,
  session: Session,
  organizationId: string,
  values: ExportFormatValues,
): Promise<string> {
  checkSharing(session, values.available_to_suborganizations, false);
  return db.transaction().execute(async (trx) => {
    const format = await trx
      .insertInto('project_export_formats')
      .values({
        ...settingsOf(values),
        organization_id: organizationId,
        standard_key: null,
        created_by_user_id: session.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceMappings(trx, format.id, values.field_mappings);
    return format.id;
  });
}

export async function updateFormat(db: Db, session: Session, format: FormatRow, values: ExportFormatValues) {
  checkSharing(session, values.available_to_suborganizations, format.available_to_suborganizations);
  await db.transaction().execute(async (trx) => {
    // Deleted meanwhile by a concurrent request: 404 before its mappings are written.
    requireWritten(
      await trx
        .updateTable('project_export_formats')
        .set({ ...settingsOf(values), updated_at: sql<Date>`now()` })
        .where('id', '=', format.id)
        .executeTakeFirst(),
    );
    await replaceMappings(trx, format.id, values.field_mappings);
  });
}

export async function deleteFormat(db: Db, format: FormatRow) {
  requireWritten(
    await db.deleteFrom('project_export_formats').where('id', '=', format.id).executeTakeFirst(),
  );
}

/**
 * "name (Copy)" in the same organization, made by the caller, with the settings, mappings and duplicate
 * search fields. Sharing with sub-organizations is kept only for callers who may share. The copy wizard
 * sends the values the caller edited (`edited`); they replace the source's, under a new format's rules.
 */
export async function copyFormat(
  db: Db,
  session: Session,
  format: FormatRow,
  edited?: ExportFormatValues,
): Promise<string> {
  if (edited) checkSharing(session, edited.available_to_suborganizations, false);
  const mappings = edited
    ? edited.field_mappings
    : ((await loadMappings(db, [format.id])).get(format.id) ?? []);
  const settings = edited
    ? settingsOf(edited)
    : {
        ...(Object.fromEntries(EXPORT_FORMAT_SETTINGS.map((c) => [c, format[c]])) as Pick<
          FormatRow,
          ExportFormatSetting
        >),
        name: copyName(format.name),
        available_to_suborganizations:
          format.available_to_suborganizations && can(session.abilities, 'export-format.share'),
      };
  return db.transaction().execute(async (trx) => {
    const copy = await trx
      .insertInto('project_export_formats')
      .values({
        ...settings,
        organization_id: format.organization_id,
        standard_key: null,
        created_by_user_id: session.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceMappings(
      trx,
      copy.id,
      mappings.map((m) => ({ field_key: m.field_key, custom_label: m.custom_label, position: m.position })),
    );
    return copy.id;
  });
}
