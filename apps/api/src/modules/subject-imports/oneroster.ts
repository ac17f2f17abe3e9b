import type { Readable } from 'node:stream';
import { normalizeHeader, ROSTER_MAX_ROWS, rosterGrade } from '@school-portal/domain';
import { CsvError, parse } from 'csv-parse/sync';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import yauzl from 'yauzl';
import { unprocessable } from '../../http/errors.js';

/**
 * OneRoster 1.1 CSV rosters, as district systems export them: a district's zip of users.csv, classes.csv,
 * enrollments.csv and orgs.csv, flattened into one row per student so the roster import's mapping, check
 * and apply steps read it like any spreadsheet. The rules (docs/api.md "OneRoster"):
 *
 * - Students are the users of role `student`; a row whose status is `tobedeleted` (user, class,
 *   enrollment or org) counts as absent, and so does an enrollment whose endDate has passed. Dates are
 *   read in the forms districts write them (2026-08-20, 08/20/2026, 8/20/2026, 2026/08/20, 20-08-2026,
 *   20.08.2026); one that can't be read is a warning naming its file and line.
 * - manifest.csv, when there is one, says which files are `bulk`, `delta` or `absent`: an absent file
 *   is not needed (a users-only zip gives students without classes); in a delta users.csv, a student
 *   `tobedeleted` is a deletion the check shows (the subject it matches is removed, or kept and named
 *   when it has photos), and of two rows of one sourcedId the later `dateLastModified` counts.
 * - Student ID is `identifier` (a student without one is a warning naming them), or the `sourcedId`
 *   when the import chooses it; Grade the first of `grades` (the user's, else the home room class's),
 *   CEDS codes as the portal writes grades: "01" reads 1, "KG" reads K, others as given (PK, TK, ...).
 * - Columns OneRoster 1.1 does not name (vendors' `userId`, `agents`, `ext_...`) are ignored, with one
 *   notice listing them.
 * - The home room is the student's class of classType `homeroom` (in the chosen school): its `location`
 *   (the room), else its `title`. A student in two home rooms (a move during the year) gets the one
 *   whose enrollment began last. A scheduled class never sets the home room.
 * - Teacher is the home room's primary teacher (enrollment role `teacher`, primary `true`); without a
 *   primary one, its only teacher; with several and none primary, blank. Written as the family name, the
 *   way rosters name a homeroom teacher ("Lee"); "Lee, Ann" when two teachers of the import share it.
 * - With several schools in orgs.csv, one is read at a time: the one the user chose, else the one named
 *   like the project's school, else the one with the most students.
 *
 * Zip safety: the central directory is read from memory (never extracted to disk), at most
 * MAX_ENTRIES entries, only the four files are inflated, MAX_UNCOMPRESSED_BYTES in all (counted as
 * they inflate, whatever the directory claims); names outside the zip's root (`..`, absolute) are
 * ignored. Everything wrong is a 422 on `file`; nothing here logs a cell.
 */

const MAX_ENTRIES = 1000;
const MAX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;

/** The columns of the rows this reads to, in order (the mapping step suggests fields from them). */
export const ONEROSTER_COLUMNS = [
  'Student ID',
  'First Name',
  'Middle Name',
  'Last Name',
  'Grade',
  'Home Room',
  'Teacher',
  'Email',
] as const;

/** OneRoster 1.1's columns of each file read: all it may hold, and what this needs of them. */
export const ONEROSTER_FILES = {
  users: {
    known: [
      'sourcedId',
      'status',
      'dateLastModified',
      'enabledUser',
      'orgSourcedIds',
      'role',
      'username',
      'userIds',
      'givenName',
      'familyName',
      'middleName',
      'identifier',
      'email',
      'sms',
      'phone',
      'agentSourcedIds',
      'grades',
      'password',
    ],
    required: ['sourcedId', 'role', 'givenName', 'familyName'],
  },
  classes: {
    known: [
      'sourcedId',
      'status',
      'dateLastModified',
      'title',
      'grades',
      'courseSourcedId',
      'classCode',
      'classType',
      'location',
      'schoolSourcedId',
      'termSourcedIds',
      'subjects',
      'subjectCodes',
      'periods',
    ],
    required: ['sourcedId', 'title', 'classType'],
  },
  enrollments: {
    known: [
      'sourcedId',
      'status',
      'dateLastModified',
      'classSourcedId',
      'schoolSourcedId',
      'userSourcedId',
      'role',
      'primary',
      'beginDate',
      'endDate',
    ],
    required: ['sourcedId', 'classSourcedId', 'userSourcedId', 'role'],
  },
  orgs: {
    known: ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'],
    required: ['sourcedId', 'name', 'type'],
  },
} as const;
type FileName = keyof typeof ONEROSTER_FILES;
const REQUIRED_FILES: FileName[] = ['users', 'classes', 'enrollments'];

/** A warning about one line of a file (the row's own file when `file` is not given). */
export interface RosterWarning {
  line: number;
  file?: string;
  /** The student the line is about, as the check names rows. */
  name?: string;
  messages: string[];
}

/** Which OneRoster column gives the Student ID. */
export const ONEROSTER_STUDENT_ID = ['identifier', 'sourced_id'] as const;
export type OneRosterStudentId = (typeof ONEROSTER_STUDENT_ID)[number];

export interface OneRosterRead {
  columns: string[];
  rows: { line: number; cells: string[] }[];
  /** Students a delta users.csv marks `tobedeleted`, in the same columns. */
  deletions: { line: number; cells: string[] }[];
  /** The schools a student can be read from (offered as a choice when more than one). */
  schools: string[];
  /** The school read; null when the roster names no school. */
  school: string | null;
  warnings: RosterWarning[];
  /** Warnings about the files as a whole (columns ignored, the manifest's modes). */
  notices: string[];
}

export interface OneRosterOptions {
  school?: string | null;
  defaultSchool?: string | null;
  today?: string;
  studentId?: OneRosterStudentId | null;
}

type FileMode = 'bulk' | 'delta' | 'absent';

const fileError = (messages: string[]) => unprocessable({ file: messages });

// ---------- The zip ----------

/** An entry's name as written (UTF-8 when flagged, else the IBM437 subset that is ASCII). */
const entryName = (entry: yauzl.Entry) => {
  const raw = entry.fileName as unknown as Buffer | string;
  if (typeof raw === 'string') return raw;
  return raw.toString((entry.generalPurposeBitFlag & 0x800) !== 0 ? 'utf8' : 'latin1');
};

/** The path's segments inside the zip, or null for a name that points outside it or is metadata. */
function insidePath(name: string): string[] | null {
  const normalized = name.replace(/\\/g, '/');
  if (normalized.startsWith('/') || /^[a-z]:/i.test(normalized)) return null;
  const segments = normalized.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.length === 0 || segments.includes('..')) return null;
  if (segments[0] === '__MACOSX' || segments.at(-1)!.startsWith('._')) return null;
  return segments;
}

interface ZipFile {
  zip: yauzl.ZipFile;
  /** The entries named like a OneRoster file read here, by their path inside the zip. */
  entries: Map<string, yauzl.Entry>;
  /** Whether it holds a workbook's parts (an XLSX, maybe damaged). */
  workbook: boolean;
}

const READ_NAMES = new Set(['users.csv', 'classes.csv', 'enrollments.csv', 'orgs.csv', 'manifest.csv']);

/**
 * The zip's directory (only the entries named like the files read are kept), or null when it can't be
 * read as a zip (the caller tries XLSX then).
 */
function openZip(bytes: Buffer): Promise<ZipFile | null> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true },
      (error, zip) => {
        if (error || !zip) return resolve(null);
        const entries = new Map<string, yauzl.Entry>();
        let workbook = false;
        zip.on('entry', (entry: yauzl.Entry) => {
          if (entryName(entry) === '[Content_Types].xml') workbook = true;
          const segments = insidePath(entryName(entry));
          if (segments && READ_NAMES.has(segments.at(-1)!.toLowerCase()) && !entryName(entry).endsWith('/'))
            entries.set(segments.join('/'), entry);
          zip.readEntry();
        });
        zip.on('end', () => resolve({ zip, entries, workbook }));
        zip.on('error', () => resolve(null));
        zip.readEntry();
      },
    );
  });
}

/** Inflates one entry, counting its bytes against what is left of the budget. */
function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: { left: number }): Promise<Buffer> {
  const tooBig = () =>
    fileError([`holds more than ${MAX_UNCOMPRESSED_BYTES / 1024 / 1024} MB of roster files`]);
  return new Promise((resolve, reject) => {
    if (entry.uncompressedSize > budget.left) return reject(tooBig());
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(fileError(['is damaged (a file in the zip cannot be read)']));
      const chunks: Buffer[] = [];
      (stream as Readable).on('data', (chunk: Buffer) => {
        budget.left -= chunk.length;
        if (budget.left < 0) {
          (stream as Readable).destroy();
          reject(tooBig());
        } else chunks.push(chunk);
      });
      (stream as Readable).on('error', () =>
        reject(fileError(['is damaged (a file in the zip cannot be read)'])),
      );
      (stream as Readable).on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

// ---------- The CSV files ----------

interface CsvFile {
  /** The value of a OneRoster column in a record ('' when the file has no such column). */
  get(record: string[], column: string): string;
  records: { line: number; cells: string[] }[];
}

/** A CSV's records with their line numbers; null (and a problem) when it can't be read. */
function csvRecords(
  name: string,
  bytes: Buffer,
  problems: string[],
): { record: string[]; info: { lines: number } }[] | null {
  let text: string;
  try {
    // The decoder drops a byte-order mark.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    problems.push(`${name} is not UTF-8 text (OneRoster files are UTF-8)`);
    return null;
  }
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = (parse as (input: string, options: object) => unknown)(text, {
      delimiter: ',',
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      info: true,
    }) as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      problems.push(
        `${name} could not be read: row ${line ?? '?'}: ${error.message.split(/[,:]/)[0]!.trim()}`,
      );
      return null;
    }
    throw error;
  }
  return parsed;
}

/**
 * One OneRoster CSV: UTF-8 (a BOM is dropped), a header of OneRoster 1.1 column names. Columns
 * OneRoster does not name are added to `ignored` ("users.csv: userId, agents").
 */
function readCsv(file: FileName, bytes: Buffer, problems: string[], ignored: string[]): CsvFile | null {
  const name = `${file}.csv`;
  const parsed = csvRecords(name, bytes, problems);
  if (!parsed) return null;
  const [header, ...rest] = parsed;
  const headers = (header?.record ?? []).map((h) => h.trim());
  const spec = ONEROSTER_FILES[file];
  const known = new Map<string, string>(spec.known.map((c) => [c.toLowerCase(), c]));
  if (!headers.some((h) => h.toLowerCase() === 'sourcedid')) {
    problems.push(
      `${name} has no header row (its first row must name the OneRoster columns, sourcedId first)`,
    );
    return null;
  }
  // Vendors add their own columns (userId, agents, ext_...): read around them, and say so once.
  const unknown = headers.filter((h) => h !== '' && !known.has(h.toLowerCase()) && !/^metadata\./i.test(h));
  if (unknown.length) ignored.push(`${name}: ${unknown.join(', ')}`);
  const index = new Map<string, number>();
  headers.forEach((h, i) => {
    const column = known.get(h.toLowerCase());
    if (column && !index.has(column)) index.set(column, i);
  });
  const missing = spec.required.filter((c) => !index.has(c));
  if (missing.length) problems.push(`${name} lacks the columns ${missing.join(', ')}`);
  if (missing.length) return null;
  return {
    get: (record, column) => record[index.get(column) ?? -1]?.trim() ?? '',
    records: rest.map(({ record, info }) => ({ line: info.lines, cells: record })),
  };
}

// ---------- Flattening ----------

const isDeleted = (status: string) => status.toLowerCase() === 'tobedeleted';
const list = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** A CEDS grade code as the portal writes grades: "01" is 1, "KG" is K; PK, TK, IT, PR, UG, Other as given. */
export const oneRosterGrade = rosterGrade;

dayjs.extend(customParseFormat);
/** The orders a date's numbers are tried in, by its shape: ISO first; slashes month first (US systems). */
const DATE_ORDERS: { shape: RegExp; orders: string[] }[] = [
  { shape: /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/, orders: ['YMD'] },
  { shape: /^(\d{1,2})(\/)(\d{1,2})\2(\d{4})$/, orders: ['MDY', 'DMY'] },
  { shape: /^(\d{1,2})([-.])(\d{1,2})\2(\d{4})$/, orders: ['DMY'] },
];

/**
 * A OneRoster date (or date-time, of which the date counts) as YYYY-MM-DD; '' for a blank one and
 * null for one that can't be read. Its shape picks the one dayjs format it is parsed with (strictly, so
 * 02/30/2026 is no date), which keeps 800 students' enrollments fast.
 */
export function oneRosterDate(value: string): string | null {
  const v = value.trim();
  if (v === '') return '';
  const iso = /^(\d{4}-\d{2}-\d{2})[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?$/.exec(v);
  const text = iso ? iso[1]! : v;
  for (const { shape, orders } of DATE_ORDERS) {
    const m = shape.exec(text);
    if (!m) continue;
    const parts = [m[1]!, m[3]!, m[4]!];
    for (const order of orders) {
      const format = [...order]
        .map((p, i) => (p === 'Y' ? 'YYYY' : p.repeat(parts[i]!.length === 2 ? 2 : 1)))
        .join(m[2]);
      const date = dayjs(text, format, true);
      if (date.isValid()) return date.format('YYYY-MM-DD');
    }
  }
  return null;
}

const DATE_FORMS = 'YYYY-MM-DD, MM/DD/YYYY or DD-MM-YYYY';

interface Person {
  line: number;
  cells: string[];
  sourcedId: string;
  givenName: string;
  familyName: string;
}

/** The modes manifest.csv gives the files (`file.users,bulk`); null when the zip has none. */
function readManifest(bytes: Buffer, problems: string[]): Partial<Record<FileName, FileMode>> | null {
  const records = csvRecords('manifest.csv', bytes, problems);
  if (!records) return null;
  const modes: Partial<Record<FileName, FileMode>> = {};
  for (const { record, info } of records) {
    const property = (record[0] ?? '').trim().toLowerCase();
    const file = property.startsWith('file.') ? property.slice(5) : '';
    if (!(file in ONEROSTER_FILES)) continue;
    const mode = (record[1] ?? '').trim().toLowerCase();
    if (mode === 'bulk' || mode === 'delta' || mode === 'absent') modes[file as FileName] = mode;
    else
      problems.push(
        `manifest.csv line ${info.lines} gives ${file}.csv the mode "${mode}" (bulk, delta or absent)`,
      );
  }
  return modes;
}

/**
 * Reads a zip as a OneRoster roster: null when it can't be read as a zip or is a workbook without
 * users.csv and enrollments.csv (the caller reads it as XLSX). `school` is the school to read (by the name offered); `defaultSchool`
 * the name of the project's school, to pick when none is chosen.
 */
export async function readOneRoster(bytes: Buffer, options: OneRosterOptions): Promise<OneRosterRead | null> {
  const opened = await openZip(bytes);
  if (!opened) return null;
  const { zip, entries, workbook } = opened;
  try {
    const byBase = (file: FileName | 'manifest') =>
      [...entries.keys()].filter((p) => p.split('/').at(-1)!.toLowerCase() === `${file}.csv`);
    if (byBase('users').length === 0 && byBase('enrollments').length === 0) {
      if (workbook) return null;
      throw fileError([
        'is a zip without users.csv and enrollments.csv (a OneRoster roster), and not an XLSX workbook',
      ]);
    }
    if (zip.entryCount > MAX_ENTRIES)
      throw fileError([`holds more than ${MAX_ENTRIES} files (too many for a OneRoster roster)`]);
    const users = byBase('users');
    if (users.length > 1) throw fileError(['holds more than one users.csv (zip one roster at a time)']);
    // The roster's folder: users.csv's (the other files beside it), else enrollments.csv's.
    const anchor = users[0] ?? byBase('enrollments')[0]!;
    const folder = anchor.slice(0, anchor.lastIndexOf('/') + 1);
    const pathOf = (file: FileName | 'manifest') =>
      byBase(file).find((p) => p.slice(0, p.lastIndexOf('/') + 1) === folder);
    const budget = { left: MAX_UNCOMPRESSED_BYTES };
    const problems: string[] = [];
    const manifestPath = pathOf('manifest');
    const manifest = manifestPath
      ? readManifest(await inflate(zip, entries.get(manifestPath)!, budget), problems)
      : null;
    if (problems.length) throw fileError(problems);
    // Without a manifest (or where it says nothing), users, classes and enrollments are needed.
    const modeOf = (file: FileName): FileMode =>
      manifest?.[file] ?? (pathOf(file) || !REQUIRED_FILES.includes(file) ? 'bulk' : 'absent');
    const notices: string[] = [];
    const missing = REQUIRED_FILES.filter(
      (f) => !pathOf(f) && !(manifest?.[f] === 'absent' && f !== 'users'),
    );
    if (missing.length) {
      const declared = missing.filter((f) => manifest?.[f]);
      throw fileError([
        declared.length
          ? `is a OneRoster zip without ${declared.map((f) => `${f}.csv`).join(', ')}, which its manifest.csv declares ${declared.map((f) => manifest![f]).join(', ')}`
          : `is a OneRoster zip without ${missing.map((f) => `${f}.csv`).join(', ')} (users.csv, classes.csv and enrollments.csv are needed${manifest ? '' : ', or a manifest.csv declaring them absent'}; orgs.csv to choose a school)`,
      ]);
    }
    const ignored: string[] = [];
    const csv: Partial<Record<FileName, CsvFile | null>> = {};
    const modes = {} as Record<FileName, FileMode>;
    for (const file of ['users', 'classes', 'enrollments', 'orgs'] as const) {
      const path = pathOf(file);
      modes[file] = modeOf(file);
      if (modes[file] === 'absent') {
        if (path) notices.push(`${file}.csv is not read: manifest.csv declares it absent`);
        continue;
      }
      if (path) csv[file] = readCsv(file, await inflate(zip, entries.get(path)!, budget), problems, ignored);
      else if (manifest?.[file] && file === 'orgs')
        problems.push(
          `is a OneRoster zip without orgs.csv, which its manifest.csv declares ${manifest[file]}`,
        );
    }
    if (problems.length) throw fileError(problems);
    if (ignored.length)
      notices.push(`columns OneRoster 1.1 does not name were ignored: ${ignored.join('; ')}`);
    const delta = (['users', 'classes', 'enrollments', 'orgs'] as const).filter((f) => modes[f] === 'delta');
    if (delta.length)
      notices.push(
        `${delta.map((f) => `${f}.csv`).join(', ')} ${delta.length > 1 ? 'are changes' : 'is a change set'} (delta): students it marks to be deleted are removed; others are added or updated; blank cells change nothing`,
      );
    const empty: CsvFile = { get: () => '', records: [] };
    const read = flatten(
      {
        users: csv.users!,
        classes: csv.classes ?? empty,
        enrollments: csv.enrollments ?? empty,
        orgs: csv.orgs ?? undefined,
      },
      modes,
      options,
    );
    return { ...read, notices: [...notices, ...read.notices] };
  } finally {
    zip.close();
  }
}

function flatten(
  csv: { users: CsvFile; classes: CsvFile; enrollments: CsvFile; orgs?: CsvFile },
  modes: Record<FileName, FileMode>,
  options: OneRosterOptions,
): OneRosterRead {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const { users, classes, enrollments, orgs } = csv;
  const warnings: RosterWarning[] = [];
  const warn = (file: FileName, line: number, message: string, name?: string) =>
    warnings.push({ file: `${file}.csv`, line, ...(name ? { name } : {}), messages: [message] });
  /** A date cell read, with a warning by line when it can't be (null then). */
  const dates = new Map<string, string | null>();
  const dateOf = (file: FileName, line: number, column: string, value: string, meaning: string) => {
    // A district's file repeats a few dates thousands of times: each is parsed once.
    let date = dates.get(value);
    if (date === undefined) {
      date = oneRosterDate(value);
      dates.set(value, date);
    }
    if (date === null)
      warn(file, line, `${column} "${value}" is not a date (write ${DATE_FORMS}): ${meaning}`);
    return date;
  };

  // Schools, by sourcedId, with the name offered for each (made unique).
  const schoolIds = new Map<string, string>();
  for (const { cells } of orgs?.records ?? []) {
    if (isDeleted(orgs!.get(cells, 'status'))) continue;
    if (orgs!.get(cells, 'type').toLowerCase() !== 'school') continue;
    const id = orgs!.get(cells, 'sourcedId');
    if (id) schoolIds.set(id, orgs!.get(cells, 'name') || orgs!.get(cells, 'identifier') || id);
  }

  // Each user's latest row: of two rows of one sourcedId (a delta's changes), the later dateLastModified.
  const latest = new Map<string, { line: number; cells: string[]; modified: string }>();
  for (const { line, cells } of users.records) {
    const sourcedId = users.get(cells, 'sourcedId');
    if (!sourcedId) continue;
    const modified =
      dateOf('users', line, 'dateLastModified', users.get(cells, 'dateLastModified'), 'read as the oldest') ??
      '';
    const before = latest.get(sourcedId);
    if (!before || modified >= before.modified) latest.set(sourcedId, { line, cells, modified });
  }
  const people = new Map<string, Person & { role: string; schools: Set<string> }>();
  const deleted: (Person & { schools: string[] })[] = [];
  for (const { line, cells } of latest.values()) {
    const sourcedId = users.get(cells, 'sourcedId');
    const person = {
      line,
      cells,
      sourcedId,
      givenName: users.get(cells, 'givenName'),
      familyName: users.get(cells, 'familyName'),
    };
    const role = users.get(cells, 'role').toLowerCase();
    if (isDeleted(users.get(cells, 'status'))) {
      // A delta's deletion may give only sourcedId and status: any role but a student's is no subject.
      if (modes.users === 'delta' && (role === '' || role === 'student'))
        deleted.push({ ...person, schools: list(users.get(cells, 'orgSourcedIds')) });
      continue;
    }
    people.set(sourcedId, {
      ...person,
      role,
      schools: new Set(list(users.get(cells, 'orgSourcedIds')).filter((id) => schoolIds.has(id))),
    });
  }

  const classById = new Map<string, { cells: string[]; homeroom: boolean; school: string }>();
  for (const { cells } of classes.records) {
    if (isDeleted(classes.get(cells, 'status'))) continue;
    classById.set(classes.get(cells, 'sourcedId'), {
      cells,
      homeroom: classes.get(cells, 'classType').toLowerCase() === 'homeroom',
      school: classes.get(cells, 'schoolSourcedId'),
    });
  }

  /** Home room enrollments: each home room's teachers, each student's home rooms. */
  const teachersOf = new Map<string, { user: string; primary: boolean }[]>();
  const homeroomsOf = new Map<string, { classId: string; begin: string; school: string }[]>();
  for (const { line, cells } of enrollments.records) {
    const get = (c: string) => enrollments.get(cells, c);
    const user = people.get(get('userSourcedId'));
    const cls = classById.get(get('classSourcedId'));
    if (isDeleted(get('status'))) {
      // A delta that ends a home room without giving another changes nothing: said, not silent.
      if (modes.enrollments === 'delta' && user?.role === 'student' && cls?.homeroom)
        warn(
          'enrollments',
          line,
          'a home room enrollment to be deleted: the home room and teacher stay as they are unless another enrollment gives them',
          displayPerson(user),
        );
      continue;
    }
    const endDate = dateOf(
      'enrollments',
      line,
      'endDate',
      get('endDate'),
      'the enrollment is read as not ended',
    );
    if (endDate && endDate < today) continue;
    if (!user || !cls) continue;
    const school = cls.school || get('schoolSourcedId');
    if (schoolIds.has(school)) user.schools.add(school);
    if (!cls.homeroom) continue;
    const role = get('role').toLowerCase();
    if (role === 'teacher') {
      const teachers = teachersOf.get(get('classSourcedId')) ?? [];
      teachers.push({ user: user.sourcedId, primary: get('primary').toLowerCase() === 'true' });
      teachersOf.set(get('classSourcedId'), teachers);
    } else if (role === 'student') {
      const begin =
        dateOf('enrollments', line, 'beginDate', get('beginDate'), 'read as begun before the others') ?? '';
      const rooms = homeroomsOf.get(user.sourcedId) ?? [];
      rooms.push({ classId: get('classSourcedId'), begin, school });
      homeroomsOf.set(user.sourcedId, rooms);
    }
  }

  const students = [...people.values()].filter((p) => p.role === 'student');

  // The schools students are in, named uniquely; one is read.
  const counts = new Map<string, number>();
  for (const s of students) for (const id of s.schools) counts.set(id, (counts.get(id) ?? 0) + 1);
  const seenNames = new Map<string, number>();
  for (const id of counts.keys()) {
    const n = normalizeHeader(schoolIds.get(id)!);
    seenNames.set(n, (seenNames.get(n) ?? 0) + 1);
  }
  const label = (id: string) => {
    const name = schoolIds.get(id)!;
    return (seenNames.get(normalizeHeader(name)) ?? 0) > 1 ? `${name} (${id})` : name;
  };
  const schoolList = [...counts.keys()]
    .map((id) => ({ id, name: label(id), count: counts.get(id)! }))
    .sort((a, b) => a.name.localeCompare(b.name));
  let chosen: (typeof schoolList)[number] | null = null;
  if (options.school) {
    chosen = schoolList.find((s) => s.name === options.school) ?? null;
    if (!chosen) throw unprocessable({ sheet_name: ['is not a school of this roster'] });
  } else if (schoolList.length > 0) {
    const wanted = normalizeHeader(options.defaultSchool ?? '');
    chosen =
      schoolList.find((s) => wanted && normalizeHeader(schoolIds.get(s.id)!) === wanted) ??
      [...schoolList].sort((a, b) => b.count - a.count)[0]!;
  }
  const inSchool = chosen ? students.filter((s) => s.schools.has(chosen.id)) : students;
  // A delta's deletions count where their school is the one read (or they name none of the roster's).
  const deletedHere = deleted.filter(
    (d) => !chosen || d.schools.includes(chosen.id) || !d.schools.some((id) => schoolIds.has(id)),
  );
  if (inSchool.length === 0 && deletedHere.length === 0)
    throw fileError(['has no students (users.csv rows of role student)']);
  if (inSchool.length > ROSTER_MAX_ROWS)
    throw fileError([
      `has more than ${ROSTER_MAX_ROWS.toLocaleString('en-US')} students (the limit for one import)`,
    ]);

  // Each student's home room (begun last) and its teacher.
  const homeroomOf = new Map<string, string>();
  for (const s of inSchool) {
    const rooms = (homeroomsOf.get(s.sourcedId) ?? []).filter((r) => !chosen || r.school === chosen.id);
    let best: (typeof rooms)[number] | undefined;
    for (const r of rooms) if (!best || r.begin > best.begin) best = r;
    if (best) homeroomOf.set(s.sourcedId, best.classId);
  }
  const teacherOf = (classId: string) => {
    const teachers = (teachersOf.get(classId) ?? []).filter((t) => people.has(t.user));
    const primary = teachers.find((t) => t.primary) ?? (teachers.length === 1 ? teachers[0] : undefined);
    return primary ? people.get(primary.user)! : null;
  };
  // Family names shared by different teachers of this import are written "Family, Given".
  const familyCount = new Map<string, Set<string>>();
  for (const classId of new Set(homeroomOf.values())) {
    const t = teacherOf(classId);
    if (!t) continue;
    const key = t.familyName.toLowerCase();
    familyCount.set(key, (familyCount.get(key) ?? new Set()).add(t.sourcedId));
  }
  const teacherName = (t: Person | null) => {
    if (!t) return '';
    if (!t.familyName) return t.givenName;
    return (familyCount.get(t.familyName.toLowerCase())?.size ?? 0) > 1 && t.givenName
      ? `${t.familyName}, ${t.givenName}`
      : t.familyName;
  };

  const studentId = (s: Person) =>
    options.studentId === 'sourced_id' ? s.sourcedId : users.get(s.cells, 'identifier');
  const rows = inSchool.map((s) => {
    const get = (c: string) => users.get(s.cells, c);
    const classId = homeroomOf.get(s.sourcedId);
    const cls = classId ? classById.get(classId) : undefined;
    const classGet = (c: string) => (cls ? classes.get(cls.cells, c) : '');
    const grade = list(get('grades'))[0] ?? list(classGet('grades'))[0] ?? '';
    if (!studentId(s))
      warn(
        'users',
        s.line,
        'has no identifier: the Student ID stays blank (choose sourcedId as the Student ID to use it instead)',
        displayPerson(s),
      );
    return {
      line: s.line,
      cells: [
        studentId(s),
        s.givenName,
        get('middleName'),
        s.familyName,
        oneRosterGrade(grade),
        classGet('location') || classGet('title'),
        classId ? teacherName(teacherOf(classId)) : '',
        get('email'),
      ],
    };
  });
  const deletions = deletedHere.map((d) => ({
    line: d.line,
    cells: [
      studentId(d),
      d.givenName,
      users.get(d.cells, 'middleName'),
      d.familyName,
      oneRosterGrade(list(users.get(d.cells, 'grades'))[0] ?? ''),
      '',
      '',
      users.get(d.cells, 'email'),
    ],
  }));
  return {
    columns: [...ONEROSTER_COLUMNS],
    rows,
    deletions,
    schools: schoolList.map((s) => s.name),
    school: chosen?.name ?? null,
    warnings: warnings.sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '') || a.line - b.line),
    notices: [],
  };
}

/** A person as the check names rows: "Given Family". */
const displayPerson = (p: Person) => [p.givenName, p.familyName].filter(Boolean).join(' ');
