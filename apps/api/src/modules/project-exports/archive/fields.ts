import { dataColumns } from './data.js';
import { imageNameKeys } from './layout.js';
import type { ExportFormatRow, ExportRunOptions, ProjectField } from './types.js';

/** A project template field as the export sees it. */
export type WrittenFieldCandidate = ProjectField;

/**
 * The project's fields whose values reach an export's archive: the data file's columns (catalogue keys,
 * custom fields matched by label, the project's unmapped fields), the group folder and the image names.
 * The one answer to "does this export hold that field's values?", which decides whether an export holds
 * hidden-field values (and so who may fetch it). The data file's columns come from dataColumns, as the
 * builder's do.
 */
export function fieldsWritten<F extends WrittenFieldCandidate>(
  format: ExportFormatRow,
  options: Pick<ExportRunOptions, 'groupFieldKey'>,
  fields: F[],
): F[] {
  const keys = new Set<string>(imageNameKeys(format));
  const ids = new Set<string>();
  if (format.include_data) {
    for (const column of dataColumns(format, fields)) {
      if (column.key) keys.add(column.key);
      if (column.fieldId) ids.add(column.fieldId);
    }
  }
  if (options.groupFieldKey) keys.add(options.groupFieldKey);
  return fields.filter((f) => ids.has(f.id) || (f.field_key !== null && keys.has(f.field_key)));
}
