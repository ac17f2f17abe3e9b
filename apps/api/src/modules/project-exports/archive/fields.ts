import { dataColumns } from './data.js';
import { imageNameKeys } from './layout.js';
import type { ExportFormatRow, ExportRunOptions } from './types.js';

/** A project template field as the export sees it. */
export interface WrittenFieldCandidate {
  id: string;
  field_key: string | null;
}

/**
 * The project's fields whose values reach an export's archive: the data file's columns, the group folder
 * and the image names. The one answer to "does this export hold that field's values?", which decides
 * whether an export holds hidden-field values (and so who may fetch it).
 */
export function fieldsWritten<F extends WrittenFieldCandidate>(
  format: ExportFormatRow,
  options: Pick<ExportRunOptions, 'groupFieldKey'>,
  fields: F[],
): F[] {
  const keys = new Set<string>(imageNameKeys(format));
  if (format.include_data) for (const key of dataColumns(format)) keys.add(key);
  if (options.groupFieldKey) keys.add(options.groupFieldKey);
  return fields.filter((f) => f.field_key !== null && keys.has(f.field_key));
}
