import { effectiveLabel } from './templates.js';

/**
 * Roster import rules: which subject field a spreadsheet column most likely holds, from its
 * header; how headers are compared; and how an organization's saved mapping is keyed so it applies to
 * any project (field ids differ per project, field keys and labels don't).
 */

export const ROSTER_MAX_BYTES = 20 * 1024 * 1024;
export const ROSTER_MAX_ROWS = 50_000;
export const ROSTER_SAMPLE_ROWS = 5;
export const SUBJECT_VALUE_MAX_LENGTH = 1000;

export const ROSTER_MODES = ['add_only', 'add_and_update'] as const;
export type RosterMode = (typeof ROSTER_MODES)[number];
/** `auto`: by Student ID when the row has one, else by first name + last name + grade. */
export const ROSTER_MATCH_BY = ['auto', 'student_id', 'name_and_grade'] as const;
export type RosterMatchBy = (typeof ROSTER_MATCH_BY)[number];

/** "Student_Number", "student-number " and "STUDENT NUMBER" compare equal: lower case, words only. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/#/g, ' number ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/** Header spellings (normalized) of the keyed fields, beyond their own labels. */
const SYNONYMS: Record<string, string[]> = {
  student_id: [
    'id',
    'student id',
    'studentid',
    'student number',
    'student num',
    'student no',
    'student',
    'student id number',
    'sis id',
    'sis number',
    'local id',
    'pupil id',
    'pupil number',
    'id number',
    'number',
  ],
  first_name: ['first name', 'firstname', 'first', 'given name', 'forename', 'fname', 'student first name'],
  last_name: ['last name', 'lastname', 'last', 'surname', 'family name', 'lname', 'student last name'],
  middle_name: ['middle name', 'middlename', 'middle', 'middle initial', 'mi'],
  nickname: ['nickname', 'nick name', 'preferred name', 'preferred first name'],
  grade: ['grade', 'grade level', 'gradelevel', 'gr', 'grd', 'year level', 'class level'],
  teacher: ['teacher', 'homeroom teacher', 'home room teacher', 'teacher name', 'hr teacher', 'advisor'],
  home_room: ['homeroom', 'home room', 'room', 'hr', 'room number'],
  birth_date: ['birth date', 'birthdate', 'dob', 'date of birth', 'birthday'],
  email: ['email', 'e mail', 'email address', 'student email'],
  phone: ['phone', 'phone number', 'telephone'],
  gender: ['gender', 'sex'],
  parent_name: ['parent name', 'guardian name', 'parent', 'guardian'],
  parent_email: ['parent email', 'guardian email', 'parent e mail'],
  parent_phone: ['parent phone', 'guardian phone'],
  zip: ['zip', 'zip code', 'postal code', 'postcode'],
  jersey_number: ['jersey number', 'jersey', 'jersey no'],
};

export interface RosterField {
  id: string;
  field_key: string | null;
  label: string | null;
}

/** How an organization's saved mapping names a field: by key, or by label for Custom fields. */
export const savedFieldName = (field: RosterField): string =>
  field.field_key ? `key:${field.field_key}` : `label:${normalizeHeader(field.label ?? '')}`;

/**
 * Suggests a field for each column: first the organization's saved choice for that header (a saved
 * `null` means the column was skipped), then the field's own label, then the known spellings. Each
 * field is given to one column at most (the first that fits). Columns without a match map to null.
 */
export function suggestMapping(
  headers: string[],
  fields: RosterField[],
  saved: Record<string, string | null> = {},
): Record<string, string | null> {
  const result: Record<string, string | null> = Object.fromEntries(headers.map((h) => [h, null]));
  const taken = new Set<string>();
  const byName = new Map(fields.map((f) => [savedFieldName(f), f]));
  const assign = (header: string, field: RosterField | undefined) => {
    if (!field || taken.has(field.id) || result[header]) return false;
    result[header] = field.id;
    taken.add(field.id);
    return true;
  };
  const decided = new Set<string>();
  // 1. What the organization chose before for the same header.
  for (const header of headers) {
    const key = normalizeHeader(header);
    if (!Object.hasOwn(saved, key)) continue;
    const name = saved[key];
    if (name === null) decided.add(header);
    else if (name && assign(header, byName.get(name))) decided.add(header);
  }
  const candidates = (header: string) => {
    const n = normalizeHeader(header);
    return n.startsWith('student ') ? [n, n.slice('student '.length)] : [n];
  };
  // 2. The field's own label (or its key's label).
  for (const header of headers) {
    if (decided.has(header)) continue;
    const names = candidates(header);
    assign(
      header,
      fields.find((f) => names.includes(normalizeHeader(effectiveLabel(f)))),
    );
  }
  // 3. Known spellings of the keyed fields.
  for (const header of headers) {
    if (decided.has(header) || result[header]) continue;
    const names = candidates(header);
    for (const field of fields) {
      const synonyms = field.field_key ? SYNONYMS[field.field_key] : undefined;
      if (synonyms && names.some((n) => synonyms.includes(n)) && assign(header, field)) break;
    }
  }
  return result;
}

/** The mapping to save for the organization: normalized header -> field name (or null: skipped). */
export function mappingToSave(
  mapping: Record<string, string | null>,
  fields: RosterField[],
): Record<string, string | null> {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const out: Record<string, string | null> = {};
  for (const [header, fieldId] of Object.entries(mapping)) {
    const field = fieldId ? byId.get(fieldId) : undefined;
    out[normalizeHeader(header)] = field ? savedFieldName(field) : null;
  }
  return out;
}

/** A spreadsheet cell that a spreadsheet program would run as a formula gets a leading quote. */
export function neutralizeCsvCell(value: string): string {
  return /^[=+\-@\t\r\n\0]/.test(value) ? `'${value}` : value;
}

/** One CSV line (RFC 4180 quoting), cells neutralized against formula injection. */
export function csvLine(cells: string[]): string {
  return cells
    .map((cell) => {
      const v = neutralizeCsvCell(cell);
      return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
    })
    .join(',');
}

/** Names compare without case, accents or extra spaces when matching by name and grade. */
export const matchText = (value: string | undefined): string =>
  (value ?? '').normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');

/**
 * A grade as rosters write it, the way the portal writes grades: "05" is 5; PowerSchool's 0 and -1
 * (Grade_Level) are K and PK; OneRoster's CEDS "KG" is K; anything else as given (PK, TK, 3rd, ...).
 */
export function rosterGrade(value: string): string {
  const v = value.trim();
  if (/^-?\d+$/.test(v)) {
    const n = Number(v);
    return n === 0 ? 'K' : n === -1 ? 'PK' : String(n);
  }
  if (/^kg$/i.test(v)) return 'K';
  return v;
}

/** Headers that name a Social Security number (normalized): SSN, Social Security (Number), SS#, ... */
const SSN_HEADER = /(^| )(ssn|ss number|ss no|soc sec( number| no)?|social security( number| no)?)( |$)/;
const SSN_VALUE = /^\d{3}-\d{2}-\d{4}$/;

/**
 * The columns that look like Social Security numbers: named so, or whose values are mostly shaped
 * ###-##-#### (more than half of the non-blank ones, at least one). Such a column is never suggested
 * for a field: only a mapping made by hand imports it.
 */
export function ssnLikeColumns(columns: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return columns.filter((column, i) => {
    if (SSN_HEADER.test(normalizeHeader(column))) return true;
    let filled = 0;
    let shaped = 0;
    for (const row of rows) {
      const v = (row[i] ?? '').trim();
      if (v === '') continue;
      filled++;
      if (SSN_VALUE.test(v)) shaped++;
    }
    return shaped > 0 && shaped * 2 > filled;
  });
}
