import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { ONEROSTER_FILES } from '../../src/modules/subject-imports/oneroster.js';
import type { ListeningTestApp } from './app.js';
import { injectAs } from './factories.js';

/**
 * A district's OneRoster 1.1 roster as the tests build it: two schools, teachers, students (one to be
 * deleted, one of the other school), home rooms and a scheduled class, with their enrollments.
 */

/** Values a school may not see from the roster: a password, phone numbers, usernames, another school's student. */
export const CANARY = `CANARY${randomBytes(5).toString('hex').toUpperCase()}`;
export const hasCanary = (text: string) => text.toUpperCase().includes(CANARY);

export const BOM = '\uFEFF';
export const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
export const csvOf = (rows: string[][], bom = false) =>
  `${bom ? BOM : ''}${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;

export const ORGS = [
  [...ONEROSTER_FILES.orgs.known],
  ['d1', 'active', '2026-08-01T00:00:00Z', 'Springfield District', 'district', 'SD', ''],
  ['s1', 'active', '2026-08-01T00:00:00Z', 'School A1', 'school', 'A1', 'd1'],
  ['s2', 'active', '2026-08-01T00:00:00Z', 'Shelbyville Elementary', 'school', 'SE', 'd1'],
];
export const USER_HEADER = [...ONEROSTER_FILES.users.known];
export const user = (v: Partial<Record<(typeof USER_HEADER)[number], string>>) =>
  USER_HEADER.map((c) => v[c] ?? (c === 'status' ? 'active' : c === 'enabledUser' ? 'true' : ''));
export const USERS = [
  USER_HEADER,
  user({ sourcedId: 't1', orgSourcedIds: 's1', role: 'teacher', givenName: 'Ann', familyName: 'Lee' }),
  user({ sourcedId: 't2', orgSourcedIds: 's1', role: 'teacher', givenName: 'Jin', familyName: 'Park' }),
  user({ sourcedId: 't3', orgSourcedIds: 's1', role: 'teacher', givenName: 'Tom', familyName: 'Ng' }),
  user({ sourcedId: 't4', orgSourcedIds: 's2', role: 'teacher', givenName: 'Bob', familyName: 'Lee' }),
  user({
    sourcedId: 'u1',
    orgSourcedIds: 's1',
    role: 'student',
    username: `ada.${CANARY}`,
    givenName: 'Ada',
    familyName: 'Lovelace',
    identifier: '00123',
    email: 'ada@example.org',
    sms: `${CANARY}-sms`,
    phone: `${CANARY}-phone`,
    grades: '03',
    password: CANARY,
  }),
  user({
    sourcedId: 'u2',
    orgSourcedIds: 's1',
    role: 'student',
    givenName: 'Alan',
    familyName: 'Turing',
    identifier: '00124',
    grades: 'KG',
  }),
  user({
    sourcedId: 'u3',
    orgSourcedIds: 's1',
    role: 'student',
    givenName: 'Grace',
    familyName: 'Hopper',
    middleName: 'Brewster',
    identifier: '00125',
    grades: '04,05',
  }),
  user({
    sourcedId: 'u4',
    status: 'tobedeleted',
    orgSourcedIds: 's1',
    role: 'student',
    givenName: 'Gone',
    familyName: `Deleted${CANARY}`,
    identifier: '00126',
  }),
  user({
    sourcedId: 'u5',
    orgSourcedIds: 's2',
    role: 'student',
    givenName: 'Hank',
    familyName: `Hill${CANARY}`,
    identifier: '00900',
    grades: '02',
  }),
  user({
    sourcedId: 'u6',
    orgSourcedIds: 's1',
    role: 'student',
    givenName: 'Mo',
    familyName: 'Scheduled',
    identifier: '00127',
    grades: '3',
  }),
  user({ sourcedId: 'p1', orgSourcedIds: 's1', role: 'parent', givenName: 'Pat', familyName: 'Parent' }),
];
export const CLASS_HEADER = [...ONEROSTER_FILES.classes.known];
export const klass = (
  id: string,
  title: string,
  type: string,
  location: string,
  school: string,
  grades = '',
) => [id, 'active', '', title, grades, 'c1', id.toUpperCase(), type, location, school, 'term1', '', '', ''];
export const CLASSES = [
  CLASS_HEADER,
  klass('hr1', 'Homeroom 3 - Lee', 'homeroom', '104', 's1', '03'),
  klass('hr2', 'Homeroom K - Ng', 'homeroom', '', 's1', 'KG'),
  klass('math', 'Math 3', 'scheduled', 'Lab 2', 's1', '03'),
  klass('hr3', 'Homeroom 2 - Lee', 'homeroom', '201', 's2', '02'),
];
export const ENROLLMENT_HEADER = [...ONEROSTER_FILES.enrollments.known];
export const enrol = (
  id: string,
  cls: string,
  userId: string,
  role: string,
  o: { primary?: string; begin?: string; end?: string; status?: string; school?: string } = {},
) => [
  id,
  o.status ?? 'active',
  '',
  cls,
  o.school ?? (cls === 'hr3' ? 's2' : 's1'),
  userId,
  role,
  o.primary ?? 'false',
  o.begin ?? '2026-08-20',
  o.end ?? '',
];
export const ENROLLMENTS = [
  ENROLLMENT_HEADER,
  // Home room 1: a primary teacher and a second, non-primary one.
  enrol('e1', 'hr1', 't2', 'teacher'),
  enrol('e2', 'hr1', 't1', 'teacher', { primary: 'true' }),
  enrol('e3', 'hr1', 'u1', 'student'),
  // A scheduled class with its own primary teacher: sets neither home room nor teacher.
  enrol('e4', 'math', 'u1', 'student'),
  enrol('e5', 'math', 't2', 'teacher', { primary: 'true' }),
  // Turing left home room 1 (ended) for home room 2 (no begin date given).
  enrol('e6', 'hr1', 'u2', 'student', { begin: '2019-08-20', end: '2020-06-30' }),
  enrol('e7', 'hr2', 'u2', 'student', { begin: '' }),
  enrol('e8', 'hr2', 't3', 'teacher', { primary: 'true' }),
  // Hopper is in two home rooms at once: the one begun last counts.
  enrol('e9', 'hr2', 'u3', 'student', { begin: '2026-01-05' }),
  enrol('e10', 'hr1', 'u3', 'student', { begin: '2026-08-20' }),
  enrol('e11', 'hr1', 'u4', 'student'),
  enrol('e12', 'hr3', 'u5', 'student'),
  enrol('e13', 'hr3', 't4', 'teacher', { primary: 'true' }),
  enrol('e14', 'math', 'u6', 'student'),
  enrol('e15', 'hr2', 'u6', 'student', { status: 'tobedeleted' }),
];

/** The district's roster: orgs and enrollments with a byte-order mark, users and classes without. */
export const districtFiles = (prefix = ''): Record<string, string> => ({
  [`${prefix}manifest.csv`]: 'propertyName,value\r\nmanifest.version,1.0\r\noneroster.version,1.1\r\n',
  [`${prefix}orgs.csv`]: csvOf(ORGS, true),
  [`${prefix}users.csv`]: csvOf(USERS),
  [`${prefix}classes.csv`]: csvOf(CLASSES),
  [`${prefix}enrollments.csv`]: csvOf(ENROLLMENTS, true),
});

/** Creates an import of `bytes` by its presigned form and verifies it: the verify answer. */
export async function importThroughForm(
  t: ListeningTestApp,
  token: string,
  project: string,
  bytes: Buffer,
  name = 'district.zip',
  extra: Record<string, unknown> = {},
) {
  const created = await injectAs(t.app, token, 'POST', `/api/projects/${project}/subject-imports`, {
    subject_import: { upload_file_name: name, upload_file_size: bytes.length, ...extra },
  });
  expect(created.statusCode, created.body).toBe(201);
  const imp = created.json().subject_import;
  expect((await t.upload(imp.presigned_post, bytes)).status).toBe(204);
  return injectAs(t.app, token, 'PATCH', `/api/subject-imports/${imp.id}/verify`);
}
