import { customLabelKey, exportFieldKeyLabel } from '@school-portal/domain';
import anyAscii from 'any-ascii';
import { type Options as StringifyOptions, stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';
import type { ExportFormatRow, ExportSubject, ProjectField } from './types.js';

/**
 * The data file (exports-and-printing §3): the mapped columns in position order, then (when the format
 * says so) the project's other template fields; a header line of the fields' labels (downcased when set); the
 * format's delimiter, newline and quoting. Quoting follows RFC 4180 through csv-stringify: always when the
 * format quotes fields, otherwise only where a cell holds the delimiter, a quote or a line break. The
 * bytes are in the format's data encoding (docs/decisions.md "Export encodings").
 */

const DELIMITERS: Record<string, string> = { comma: ',', tab: '\t', space: ' ' };
const NEWLINES: Record<string, string> = { crlf: '\r\n', lf: '\n', cr: '\r' };

/** Values filled in by the export itself rather than read from the subject. */
export interface SpecialValues {
  image_file_name: string;
  image_folder: string;
  volume: string;
  /** The PSPA index's Image Size (column M): the image's pixels, `640x800`; empty on a row without one. */
  image_size: string;
}

const SPECIAL_KEYS = new Set(['image_file_name', 'image_folder', 'volume', 'image_size']);
const isSpecial = (key: string | null): key is keyof SpecialValues => !!key && SPECIAL_KEYS.has(key);

/** A column of the data file. */
export interface DataColumn {
  /** The catalogue or special key it shows (null for a custom field's column). */
  key: string | null;
  /** The template field whose value fills it (custom and unmapped fields), read by id. */
  fieldId: string | null;
  /** The heading. */
  label: string;
}

/** A template field's label as people know it: its own, else its catalogue key's. */
export const projectFieldLabel = (f: ProjectField) => f.label?.trim() || exportFieldKeyLabel(f.field_key);

/**
 * The data file's columns: the mappings in position order (a catalogue key, or a custom label matched,
 * trimmed and ignoring case, against the project's template fields: the first in the template's order
 * wins; none matching gives an empty column under the label), then, when the format includes unmapped
 * fields, the project's own template fields it did not map, under their labels, in the template's order.
 * Never the whole catalogue: only fields the project has.
 */
export function dataColumns(format: ExportFormatRow, fields: ProjectField[]): DataColumn[] {
  const byLabel = new Map<string, ProjectField>();
  for (const f of fields) {
    const key = customLabelKey(projectFieldLabel(f));
    if (!byLabel.has(key)) byLabel.set(key, f);
  }
  const mapped = new Set<string>();
  const mappedKeys = new Set<string>();
  const columns = [...format.field_mappings]
    .sort((a, b) => a.position - b.position)
    .map((m): DataColumn => {
      if (m.field_key) {
        mappedKeys.add(m.field_key);
        return { key: m.field_key, fieldId: null, label: exportFieldKeyLabel(m.field_key) };
      }
      const field = byLabel.get(customLabelKey(m.custom_label));
      if (field) mapped.add(field.id);
      return {
        key: null,
        fieldId: field?.id ?? null,
        label: field ? projectFieldLabel(field) : (m.custom_label ?? '').trim(),
      };
    });
  if (!format.data_include_unmapped_fields) return columns;
  for (const f of fields) {
    if (mapped.has(f.id) || (f.field_key && mappedKeys.has(f.field_key))) continue;
    columns.push({ key: f.field_key, fieldId: f.id, label: projectFieldLabel(f) });
  }
  return columns;
}

/** Custom labels of the format that no template field of the project answers to. */
export function unmatchedCustomLabels(format: ExportFormatRow, fields: ProjectField[]): string[] {
  return dataColumns(format, fields)
    .filter((c) => c.key === null && c.fieldId === null)
    .map((c) => c.label);
}

export function headerCells(format: ExportFormatRow, columns: DataColumn[]): string[] {
  return columns.map((c) => (format.data_downcase_field_names ? c.label.toLowerCase() : c.label));
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
  columns: DataColumn[],
  subject: Pick<ExportSubject, 'values' | 'fieldValues'>,
  special: SpecialValues,
): string[] {
  return columns.map(({ key, fieldId }) => {
    let value = isSpecial(key)
      ? special[key]
      : fieldId
        ? (subject.fieldValues?.[fieldId] ?? '')
        : (subject.values[key ?? ''] ?? '');
    const padTo = format.data_zero_pad_field_length ?? 0;
    if (key && key === format.data_zero_pad_field_key && padTo > 0 && /^\d+$/.test(value)) {
      value = value.padStart(padTo, '0');
    }
    return format.data_escape_formulas ? neutraliseFormula(value) : value;
  });
}

/** UTF-8's byte-order mark: how Excel on Windows knows a CSV is UTF-8 (else it reads it as Windows-1252). */
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const fitsCache = new Map<string, boolean>();
const fits1252 = (ch: string) => {
  let fits = fitsCache.get(ch);
  if (fits === undefined) {
    fits = iconv.decode(iconv.encode(ch, 'win1252'), 'win1252') === ch;
    fitsCache.set(ch, fits);
  }
  return fits;
};

/** Encodings that can't hold every character: their text is transliterated (fitEncoding). */
export const NARROW_ENCODINGS = new Set(['windows-1252', 'ascii']);

/** ASCII holds code points 0 to 127. */
const fitsAscii = (ch: string) => (ch.codePointAt(0) ?? 0) < 0x80;

/**
 * The text as the format's encoding can hold it: unchanged for UTF-8; for Windows-1252 and ASCII, composed
 * (NFC, so "Zoë" keeps its ë in Windows-1252) and each character the encoding lacks transliterated by
 * any-ascii ("Łukasz" is "Lukasz", "Nguyễn" is "Nguyen"; in ASCII "Zoë" is "Zoe" too).
 */
export function fitEncoding(text: string, encoding: string): string {
  if (!NARROW_ENCODINGS.has(encoding)) return text;
  const fits = encoding === 'ascii' ? fitsAscii : fits1252;
  let out = '';
  for (const ch of text.normalize('NFC')) out += fits(ch) ? ch : anyAscii(ch);
  return out;
}

/** The bytes a data file starts with (the BOM when the format asks for one). */
export const dataFileStart = (format: ExportFormatRow) =>
  format.data_encoding === 'utf-8-bom' ? UTF8_BOM : Buffer.alloc(0);

/** The file's lines as bytes in the format's encoding, one call per batch of rows (the builder spools them). */
export function dataLineWriter(format: ExportFormatRow): (rows: string[][]) => Buffer {
  const options: StringifyOptions = {
    delimiter: DELIMITERS[format.data_delimiter_format] ?? ',',
    record_delimiter: NEWLINES[format.data_newline_format] ?? '\r\n',
    quoted: format.data_quote_fields,
    quoted_empty: format.data_quote_fields,
    eof: true,
  };
  const encoding = format.data_encoding;
  return (rows) => {
    const text = stringify(
      rows.map((cells) => cells.map((c) => fitEncoding(c, encoding))),
      options,
    );
    return textBytes(text, encoding);
  };
}

/** Text already fitted to the encoding (fitEncoding), as its bytes; ASCII text is its own UTF-8. */
export const textBytes = (text: string, encoding: string) =>
  encoding === 'windows-1252' ? iconv.encode(text, 'win1252') : Buffer.from(text, 'utf8');
