import { ROSTER_MAX_ROWS } from '@school-portal/domain';
import { CsvError, parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { unprocessable } from '../../http/errors.js';
import { type OneRosterStudentId, type RosterWarning, readOneRoster } from './oneroster.js';

export type { RosterWarning };

/**
 * Reads a roster file (CSV, TSV, XLSX, or a zip of OneRoster CSV files) into a header row and data rows of trimmed text. Everything
 * wrong with the file is a 422 naming the row and the reason; nothing here logs a cell.
 */

export const ROSTER_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'iso-8859-1'] as const;
export type RosterEncoding = (typeof ROSTER_ENCODINGS)[number];
export const ROSTER_DELIMITERS = [',', ';', '\t', '|'] as const;
const MAX_COLUMNS = 200;

export interface RosterRow {
  /** The row's number in the file (1 is the first line or sheet row). */
  line: number;
  cells: string[];
}

export interface ParsedRoster {
  format: 'csv' | 'xlsx' | 'oneroster';
  encoding: RosterEncoding | null;
  delimiter: string | null;
  sheetName: string | null;
  sheetNames: string[];
  columns: string[];
  rows: RosterRow[];
  /** Rows to delete (a OneRoster delta's `tobedeleted` students), in the same columns. */
  deletions: RosterRow[];
  /** Warnings by line found while reading (OneRoster: dates, students without an identifier). */
  warnings: RosterWarning[];
  /** Warnings about the file as a whole (columns ignored, a manifest's modes). */
  notices: string[];
}

export interface ReadOptions {
  encoding?: RosterEncoding | null;
  sheetName?: string | null;
  /** OneRoster: the school read when sheetName names none (the project's school's name). */
  defaultSchool?: string | null;
  /** OneRoster: the column that gives the Student ID. */
  studentId?: OneRosterStudentId | null;
}

const fileError = (message: string) => unprocessable({ file: [message] });

const isZip = (b: Buffer) =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

export async function readRoster(bytes: Buffer, options: ReadOptions = {}): Promise<ParsedRoster> {
  if (bytes.length === 0) throw fileError('is empty');
  if (isZip(bytes)) {
    // A OneRoster zip's schools stand where a workbook's sheets do.
    const roster = await readOneRoster(bytes, {
      school: options.sheetName ?? null,
      defaultSchool: options.defaultSchool ?? null,
      studentId: options.studentId ?? null,
    });
    if (roster)
      return {
        format: 'oneroster',
        encoding: null,
        delimiter: null,
        sheetName: roster.school,
        sheetNames: roster.schools,
        columns: roster.columns,
        rows: roster.rows,
        deletions: roster.deletions,
        warnings: roster.warnings,
        notices: roster.notices,
      };
    return readXlsx(bytes, options.sheetName ?? null);
  }
  return readText(bytes, options.encoding ?? null);
}

// ---------- Text (CSV / TSV) ----------

/** Bytes 0x80-0x9F that Windows-1252 leaves undefined: seeing one, we can't tell the encoding. */
const UNDEFINED_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

export function decodeText(
  bytes: Buffer,
  chosen: RosterEncoding | null,
): { text: string; encoding: RosterEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: bytes.subarray(3).toString('utf8'), encoding: 'utf-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: iconv.decode(bytes.subarray(2), 'utf-16le'), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: iconv.decode(bytes.subarray(2), 'utf-16be'), encoding: 'utf-16be' };
  if (chosen) return { text: iconv.decode(bytes, chosen), encoding: chosen };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not UTF-8: Windows-1252 (what Excel writes as "CSV" on Windows), unless a byte says otherwise.
  }
  if (bytes.includes(0) || bytes.some((b) => UNDEFINED_1252.has(b))) {
    throw unprocessable({
      encoding: [`could not be detected: choose one of ${ROSTER_ENCODINGS.join(', ')}`],
    });
  }
  return { text: iconv.decode(bytes, 'windows-1252'), encoding: 'windows-1252' };
}

/** Counts a character outside double quotes, per line, over the first lines of the text. */
function countsPerLine(text: string, ch: string, maxLines = 20): number[] {
  const counts: number[] = [];
  let current = 0;
  let quoted = false;
  let lineHasContent = false;
  for (let i = 0; i < text.length && counts.length < maxLines; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) {
      if (lineHasContent) counts.push(current);
      current = 0;
      lineHasContent = false;
      continue;
    } else if (!quoted && c === ch) current++;
    lineHasContent = true;
  }
  if (lineHasContent && counts.length < maxLines) counts.push(current);
  return counts;
}

/** The delimiter among , ; tab | that splits the first lines most consistently (then most often). */
export function detectDelimiter(text: string): string {
  let best = ',';
  let bestScore = -1;
  for (const d of ROSTER_DELIMITERS) {
    const counts = countsPerLine(text, d);
    const first = counts[0] ?? 0;
    if (first === 0) continue;
    const consistent = counts.filter((c) => c === first).length / counts.length;
    const score = consistent * 1000 + first;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

function readText(bytes: Buffer, chosen: RosterEncoding | null): ParsedRoster {
  const { text, encoding } = decodeText(bytes, chosen);
  const delimiter = detectDelimiter(text);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = (parse as (input: string, options: object) => unknown)(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      info: true,
      // One more than allowed (after the header), to tell a file that is too long.
      to: ROSTER_MAX_ROWS + 2,
    }) as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      // The library's message may quote the cell; keep only its reason.
      const reason = error.message.split(/[,:]/)[0]!.trim();
      throw fileError(`could not be read: row ${line ?? '?'}: ${reason}`);
    }
    throw error;
  }
  const rows = records.map(({ record, info }) => ({ line: info.lines, cells: record.map((c) => c.trim()) }));
  return {
    format: 'csv',
    encoding,
    delimiter,
    sheetName: null,
    sheetNames: [],
    ...withHeader(rows),
    ...NOTHING_MORE,
  };
}

// ---------- XLSX ----------

const isoDate = (d: Date) => {
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
};

/** A cell as the user sees it: dates as ISO dates, numbers without float noise, padded by a 000 format. */
export function cellText(value: ExcelJS.CellValue, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    const text = Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(15)));
    // An ID column formatted "00000" keeps its leading zeros, as Excel shows it.
    if (numFmt && /^0+$/.test(numFmt) && Number.isInteger(value)) return text.padStart(numFmt.length, '0');
    return text;
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : isoDate(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('error' in value) return '';
  if ('formula' in value || 'sharedFormula' in value)
    return cellText((value as { result?: ExcelJS.CellValue }).result ?? null, numFmt);
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text, numFmt);
  return '';
}

async function readXlsx(bytes: Buffer, sheetName: string | null): Promise<ParsedRoster> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fileError('is not a readable XLSX file');
  }
  const sheetNames = workbook.worksheets.map((w) => w.name);
  const sheet = sheetName ? workbook.getWorksheet(sheetName) : workbook.worksheets[0];
  if (!sheet) {
    if (sheetName) throw unprocessable({ sheet_name: ['is not a sheet of this workbook'] });
    throw fileError('has no sheets');
  }
  if (sheet.actualRowCount > ROSTER_MAX_ROWS + 1) throw tooManyRows();
  const rows: RosterRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    const count = Math.min(row.cellCount, MAX_COLUMNS + 1);
    for (let c = 1; c <= count; c++) {
      const cell = row.getCell(c);
      cells.push(cellText(cell.value, cell.numFmt).trim());
    }
    if (cells.some((v) => v !== '')) rows.push({ line: rowNumber, cells });
  });
  return {
    format: 'xlsx',
    encoding: null,
    delimiter: null,
    sheetName: sheet.name,
    sheetNames,
    ...withHeader(rows),
    ...NOTHING_MORE,
  };
}

// ---------- Both ----------

/** What a plain file's reading adds to its rows: no deletions, no warnings (the check finds its own). */
const NOTHING_MORE = { deletions: [], warnings: [], notices: [] } satisfies Partial<ParsedRoster>;

const tooManyRows = () =>
  fileError(`has more than ${ROSTER_MAX_ROWS.toLocaleString('en-US')} rows (the limit for one import)`);

/** The first row is the header: blank headers become "Column N", repeated ones get " (2)". */
function withHeader(all: RosterRow[]): { columns: string[]; rows: RosterRow[] } {
  const [header, ...rows] = all;
  if (!header || header.cells.every((c) => c === '')) throw fileError('has no header row');
  if (rows.length === 0) throw fileError('has no rows below its header');
  if (rows.length > ROSTER_MAX_ROWS) throw tooManyRows();
  const width = rows.reduce((w, r) => Math.max(w, r.cells.length), header.cells.length);
  if (width > MAX_COLUMNS) throw fileError(`has more than ${MAX_COLUMNS} columns`);
  const seen = new Map<string, number>();
  const columns = Array.from({ length: width }, (_, i) => {
    const base = header.cells[i]?.trim() || `Column ${i + 1}`;
    const n = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), n);
    return n === 1 ? base : `${base} (${n})`;
  });
  for (const row of rows) {
    while (row.cells.length < width) row.cells.push('');
  }
  return { columns, rows };
}
