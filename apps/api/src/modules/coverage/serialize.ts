import { csvLine, effectiveLabel, type FieldRef } from '@school-portal/domain';
import { z } from 'zod';
import type { SubjectRow } from '../subjects/service.js';
import type { ClassField, CoverageCounts } from './queries.js';

/** The fields the missing list and its CSV show, in order (those the project has and the caller sees). */
export const MISSING_LIST_KEYS = [
  'last_name',
  'first_name',
  'student_id',
  'grade',
  'teacher',
  'home_room',
] as const;
type MissingKey = (typeof MISSING_LIST_KEYS)[number];

const countsSchema = z.object({
  subjects: z.number(),
  with_portrait: z.number(),
  with_checked_crop: z.number(),
  retake_pending: z.number(),
  without_photo: z.number(),
});

export const coverageSchema = z.object({
  project_id: z.string(),
  /** The class fields the project has and the caller sees, in the order classes are grouped. */
  class_fields: z.array(z.object({ key: z.enum(['teacher', 'grade', 'home_room']), label: z.string() })),
  totals: countsSchema.extend({ without_portrait: z.number() }),
  classes: z.array(
    countsSchema.extend({
      teacher: z.string().nullable(),
      grade: z.string().nullable(),
      home_room: z.string().nullable(),
      without_portrait: z.number(),
    }),
  ),
});

export const missingSubjectSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  student_id: z.string().nullable(),
  grade: z.string().nullable(),
  teacher: z.string().nullable(),
  home_room: z.string().nullable(),
  /** Has photos, none of them the portrait (primary). */
  photos_count: z.number(),
  /** Has photos that all failed the photo checks (none could be its portrait): a retake is needed. */
  needs_retake: z.boolean(),
});

/** The first field of each key among the fields the caller sees. */
export function fieldsByKey(fields: FieldRef[]) {
  const byKey = new Map<string, FieldRef>();
  for (const f of fields) if (f.field_key && !byKey.has(f.field_key)) byKey.set(f.field_key, f);
  return byKey;
}

function totalsOf(rows: CoverageCounts[]) {
  const totals = { subjects: 0, with_portrait: 0, with_checked_crop: 0, retake_pending: 0, without_photo: 0 };
  for (const r of rows) for (const k of Object.keys(totals) as (keyof CoverageCounts)[]) totals[k] += r[k];
  return { ...totals, without_portrait: totals.subjects - totals.with_portrait };
}

export function serializeCoverage(
  projectId: string,
  classFields: (ClassField & { label: string })[],
  rows: (CoverageCounts & Record<string, string>)[],
): z.infer<typeof coverageSchema> {
  const has = (key: ClassField['key']) => classFields.some((f) => f.key === key);
  return {
    project_id: projectId,
    class_fields: classFields.map((f) => ({ key: f.key, label: f.label })),
    totals: totalsOf(rows),
    classes: rows.map((r) => ({
      teacher: has('teacher') ? (r.c_teacher ?? '') : null,
      grade: has('grade') ? (r.c_grade ?? '') : null,
      home_room: has('home_room') ? (r.c_home_room ?? '') : null,
      subjects: r.subjects,
      with_portrait: r.with_portrait,
      with_checked_crop: r.with_checked_crop,
      retake_pending: r.retake_pending,
      without_photo: r.without_photo,
      without_portrait: r.subjects - r.with_portrait,
    })),
  };
}

/** A subject on the missing list: the values of the fields the caller sees, nothing else. */
export function serializeMissing(row: SubjectRow & { needs_retake?: boolean }, byKey: Map<string, FieldRef>) {
  const read = (key: MissingKey) => {
    const f = byKey.get(key);
    return (f && row.properties[f.id]?.trim()) || null;
  };
  const first = read('first_name');
  const last = read('last_name');
  return {
    id: row.id,
    display_name: [first, last].filter(Boolean).join(' ') || 'No Name',
    first_name: first,
    last_name: last,
    student_id: read('student_id'),
    grade: read('grade'),
    teacher: read('teacher'),
    home_room: read('home_room'),
    photos_count: row.photos_count,
    needs_retake: row.needs_retake ?? false,
  } satisfies z.infer<typeof missingSubjectSchema>;
}

/** The missing list as CSV: UTF-8 with a byte-order mark, CRLF, cells neutralized against formulas. */
export function missingCsv(rows: SubjectRow[], byKey: Map<string, FieldRef>) {
  const keys = MISSING_LIST_KEYS.filter((k) => byKey.has(k));
  const lines = [csvLine(keys.map((k) => effectiveLabel(byKey.get(k)!)))];
  for (const row of rows) {
    const s = serializeMissing(row, byKey);
    lines.push(csvLine(keys.map((k) => s[k] ?? '')));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
