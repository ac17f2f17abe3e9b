import { type FieldRef, normalizeHeader, ROSTER_MAX_BYTES, suggestMapping } from '@school-portal/domain';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { unprocessable } from '../../http/errors.js';
import type { AuditActor } from '../audit/record.js';
import { type RosterEncoding, readRoster } from '../subject-imports/parse.js';
import { attachmentForImport } from '../subject-imports/service.js';
import { type ConsentFlags, setConsent } from './consent.js';
import { subjectsByStudentId } from './queries.js';
import type { ProjectFields } from './service.js';

/**
 * Consent from the school's own file. A school's student information system keeps the families'
 * directory opt-outs and yearbook refusals; its staff export them (a CSV, TSV or XLSX with a Student ID
 * column and one or two consent columns), upload the file to the project's Files, and read it here.
 * Consent is the school's (subject.set-consent), so this is the school's import: the studio's roster
 * import never writes consent, and a studio cannot carry a file into the flags.
 *
 * Rows match subjects by Student ID (the field the caller can see), exactly as written after trimming.
 * A consent cell reads yes (Y, Yes, True, 1, X, Opt out, Opted out) or no (N, No, False, 0); a blank cell
 * leaves that flag as it is, so a file that only lists opt-outs never clears one set on the subject's page.
 * Nothing is written until the caller applies a report without invalid values or conflicting rows.
 */

const YES = new Set(['y', 'yes', 'true', '1', 'x', 'opt out', 'opted out', 'optout', 'out']);
const NO = new Set(['n', 'no', 'false', '0']);
/** How many rows of each kind a report lists (its counts are always exact). */
const REPORT_LIST_MAX = 1000;

const FLAG_COLUMNS = ['directory_opt_out', 'yearbook_opt_out'] as const;
type FlagColumn = (typeof FLAG_COLUMNS)[number];
type ColumnChoice = 'student_id' | FlagColumn;

/** Header words that name each consent column in the exports we know (normalized, see normalizeHeader). */
const FLAG_HEADER_WORDS: Record<FlagColumn, RegExp> = {
  directory_opt_out: /\b(directory|ferpa)\b/,
  yearbook_opt_out: /\byearbook\b/,
};

export interface ConsentImportInput {
  attachment_id: string;
  /** A column of the file; left out: guessed from its header; null: not read (consent columns only). */
  student_id_column?: string | null | undefined;
  directory_opt_out_column?: string | null | undefined;
  yearbook_opt_out_column?: string | null | undefined;
  sheet_name?: string | undefined;
  encoding?: RosterEncoding | undefined;
}

const lines = z.object({ count: z.number(), lines: z.array(z.number()) });
/** The report on the wire: the file's columns, which were read, and what matched, failed or changes. */
export const consentImportSchema = z.object({
  file_name: z.string(),
  columns: z.array(z.string()),
  student_id_column: z.string().nullable(),
  directory_opt_out_column: z.string().nullable(),
  yearbook_opt_out_column: z.string().nullable(),
  rows: z.number(),
  matched: z.number(),
  unmatched: lines,
  invalid: z.object({
    count: z.number(),
    rows: z.array(z.object({ line: z.number(), column: z.string(), value: z.string() })),
  }),
  conflicting: lines,
  changes: z.number(),
  applied: z.boolean(),
  changed: z.number(),
});

export type ConsentImportReport = z.infer<typeof consentImportSchema>;

/** The flag a consent cell says: true, false, undefined (blank: unchanged), or null (not yes or no). */
export function consentCell(value: string): boolean | undefined | null {
  const text = normalizeHeader(value);
  if (text === '') return undefined;
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  return null;
}

function chooseColumns(input: ConsentImportInput, columns: string[], studentIdField: FieldRef) {
  const chosen: Partial<Record<ColumnChoice, string | null>> = {};
  const given: Record<ColumnChoice, string | null | undefined> = {
    student_id: input.student_id_column,
    directory_opt_out: input.directory_opt_out_column,
    yearbook_opt_out: input.yearbook_opt_out_column,
  };
  const errors: Record<string, string[]> = {};
  for (const choice of ['student_id', ...FLAG_COLUMNS] as const) {
    const column = given[choice];
    if (column === undefined) continue;
    if (column !== null && !columns.includes(column))
      errors[`${choice}_column`] = ['is not a column of the file'];
    chosen[choice] = column;
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  if (chosen.student_id === undefined) {
    const suggested = suggestMapping(columns, [studentIdField]);
    chosen.student_id = columns.find((c) => suggested[c] === studentIdField.id) ?? null;
  }
  for (const flag of FLAG_COLUMNS)
    if (chosen[flag] === undefined)
      chosen[flag] =
        columns.find((c) => c !== chosen.student_id && FLAG_HEADER_WORDS[flag].test(normalizeHeader(c))) ??
        null;
  return chosen as Record<ColumnChoice, string | null>;
}

/**
 * Reads the school's file (a verified attachment of the project) into a report; with `apply`, sets the
 * flags in one transaction, one trail row per subject changed (via roster_import, with the file's name).
 */
export async function importConsent(
  ctx: AppContext,
  actor: AuditActor,
  pf: ProjectFields,
  input: ConsentImportInput,
  apply: boolean,
): Promise<ConsentImportReport> {
  const studentIdField = pf.fields.find((f) => f.field_key === 'student_id');
  if (!studentIdField)
    throw unprocessable({ project: ['has no Student ID field to match the file’s rows with'] });
  const attachment = await attachmentForImport(ctx.db, input.attachment_id, pf.project.id);
  // A verified record whose bytes are gone (removed from storage by hand) is the file's fault, not ours.
  const bytes = await ctx.storage.read(attachment.storage_key).catch(() => {
    throw unprocessable({ attachment_id: ['could not be read: upload the file again'] });
  });
  if (bytes.length > ROSTER_MAX_BYTES) throw unprocessable({ attachment_id: ['is larger than 20 MB'] });
  const parsed = await readRoster(bytes, {
    encoding: input.encoding ?? null,
    sheetName: input.sheet_name ?? null,
  });
  const chosen = chooseColumns(input, parsed.columns, studentIdField);
  const at = (column: string | null) => (column === null ? -1 : parsed.columns.indexOf(column));
  const idAt = at(chosen.student_id);
  const flagAt = FLAG_COLUMNS.map((flag) => [flag, at(chosen[flag])] as const).filter(([, i]) => i >= 0);

  const subjects = idAt < 0 ? [] : await subjectsByStudentId(ctx.db, pf.project.id, studentIdField.id);
  const byStudentId = new Map<string, typeof subjects>();
  for (const s of subjects) byStudentId.set(s.student_id, [...(byStudentId.get(s.student_id) ?? []), s]);

  const report: ConsentImportReport = {
    file_name: attachment.upload_file_name,
    columns: parsed.columns,
    student_id_column: chosen.student_id,
    directory_opt_out_column: chosen.directory_opt_out,
    yearbook_opt_out_column: chosen.yearbook_opt_out,
    rows: parsed.rows.length,
    matched: 0,
    unmatched: { count: 0, lines: [] },
    invalid: { count: 0, rows: [] },
    conflicting: { count: 0, lines: [] },
    changes: 0,
    applied: false,
    changed: 0,
  };
  const listed = <T>(list: { count: number }, items: T[], item: T) => {
    list.count += 1;
    if (items.length < REPORT_LIST_MAX) items.push(item);
  };
  // What each matched Student ID's rows say; rows of one ID that disagree are conflicts.
  const wanted = new Map<string, { flags: ConsentFlags; line: number }>();
  for (const row of idAt < 0 ? [] : parsed.rows) {
    const studentId = (row.cells[idAt] ?? '').trim();
    const flags: ConsentFlags = {};
    let valid = true;
    for (const [flag, index] of flagAt) {
      const value = row.cells[index] ?? '';
      const read = consentCell(value);
      if (read === null) {
        valid = false;
        listed(report.invalid, report.invalid.rows, { line: row.line, column: chosen[flag]!, value });
      } else if (read !== undefined) flags[flag] = read;
    }
    if (!studentId || !byStudentId.has(studentId)) {
      listed(report.unmatched, report.unmatched.lines, row.line);
      continue;
    }
    report.matched += 1;
    if (!valid) continue;
    const before = wanted.get(studentId);
    if (before && FLAG_COLUMNS.some((flag) => before.flags[flag] !== flags[flag]))
      listed(report.conflicting, report.conflicting.lines, row.line);
    else wanted.set(studentId, { flags, line: row.line });
  }

  // Subjects grouped by the flags their rows set, one update (and its trail rows) per group.
  const groups = new Map<string, { flags: ConsentFlags; ids: string[] }>();
  for (const [studentId, { flags }] of wanted)
    for (const subject of byStudentId.get(studentId) ?? []) {
      const changes = FLAG_COLUMNS.some((flag) => flags[flag] !== undefined && flags[flag] !== subject[flag]);
      if (!changes) continue;
      report.changes += 1;
      const key = FLAG_COLUMNS.map((flag) => String(flags[flag])).join('/');
      const group = groups.get(key) ?? { flags, ids: [] };
      group.ids.push(subject.id);
      groups.set(key, group);
    }
  if (!apply) return report;

  const refusals: Record<string, string[]> = {};
  if (idAt < 0) refusals.student_id_column = ['is required: choose the column that holds the Student ID'];
  if (flagAt.length === 0)
    refusals.directory_opt_out_column = ['or yearbook_opt_out_column is required: choose a consent column'];
  const fileProblems = [
    report.invalid.count > 0 &&
      `has ${report.invalid.count} consent values that are not yes or no: correct the file or choose other columns`,
    report.conflicting.count > 0 &&
      `lists ${report.conflicting.count} students again with different consent: correct the file`,
  ].filter((problem): problem is string => !!problem);
  if (fileProblems.length > 0) refusals.consent_import = fileProblems;
  if (Object.keys(refusals).length > 0) throw unprocessable(refusals);

  report.changed = await ctx.db.transaction().execute(async (trx) => {
    let changed = 0;
    for (const { flags, ids } of groups.values())
      changed += await setConsent(
        trx,
        actor,
        pf.project,
        sql`s.id = ANY(${ids}::bigint[])`,
        flags,
        'roster_import',
        { file_name: attachment.upload_file_name },
      );
    return changed;
  });
  report.applied = true;
  return report;
}
