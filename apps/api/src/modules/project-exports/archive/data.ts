import { exportFieldKeyLabel, FIELD_KEYS } from '@school-portal/domain';
import { type Options as StringifyOptions, stringify } from 'csv-stringify/sync';
import type { ExportFormatRow } from './types.js';

/**
 * The data file (exports-and-printing §3): the mapped columns in position order, then (when the format
 * says so) every other subject field; a header line of the fields' labels (downcased when set); the
 * format's delimiter, newline and quoting. Quoting follows RFC 4180 through csv-stringify: always when the
 * format quotes fields, otherwise only where a cell holds the delimiter, a quote or a line break.
 */

const DELIMITERS: Record<string, string> = { comma: ',', tab: '\t', space: ' ' };
const NEWLINES: Record<string, string> = { crlf: '\r\n', lf: '\n', cr: '\r' };

/** Values filled in by the export itself rather than read from the subject. */
export interface SpecialValues {
  image_file_name: string;
  image_folder: string;
  volume: string;
}

export function dataColumns(format: ExportFormatRow): string[] {
  const mapped = [...format.field_mappings].sort((a, b) => a.position - b.position).map((m) => m.field_key);
  if (!format.data_include_unmapped_fields) return mapped;
  return [...mapped, ...FIELD_KEYS.map((f) => f.key).filter((key) => !mapped.includes(key))];
}

export function headerCells(format: ExportFormatRow, columns: string[]): string[] {
  return columns.map((key) => {
    const label = exportFieldKeyLabel(key);
    return format.data_downcase_field_names ? label.toLowerCase() : label;
  });
}

/** A signed or unsigned decimal number such as -5, +3.2 or 1e3: data, not a formula. */
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: tab, CR, LF and NUL are the point
const FORMULA_START = /^[=+\-@\t\r\n\u0000]/;

/**
 * SECURITY.md: a cell a spreadsheet would read as a formula (starting with =, +, -, @, tab, CR, LF or
 * NUL) gets a leading apostrophe; plain numbers like -5 stay as they are.
 */
export const neutraliseFormula = (value: string) =>
  FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;

export function rowCells(
  format: ExportFormatRow,
  columns: string[],
  values: Record<string, string>,
  special: SpecialValues,
): string[] {
  return columns.map((key) => {
    let value =
      key === 'image_file_name' || key === 'image_folder' || key === 'volume'
        ? special[key]
        : (values[key] ?? '');
    const padTo = format.data_zero_pad_field_length ?? 0;
    if (key === format.data_zero_pad_field_key && padTo > 0 && /^\d+$/.test(value)) {
      value = value.padStart(padTo, '0');
    }
    return format.data_escape_formulas ? neutraliseFormula(value) : value;
  });
}

/** The file's lines as text, one call per batch of rows (the builder spools them to disk). */
export function dataLineWriter(format: ExportFormatRow): (rows: string[][]) => string {
  const options: StringifyOptions = {
    delimiter: DELIMITERS[format.data_delimiter_format] ?? ',',
    record_delimiter: NEWLINES[format.data_newline_format] ?? '\r\n',
    quoted: format.data_quote_fields,
    quoted_empty: format.data_quote_fields,
    eof: true,
  };
  return (rows) => stringify(rows, options);
}
