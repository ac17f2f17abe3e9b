import {
  displayName,
  effectiveLabel,
  type FieldRef,
  type MappedKey,
  mapProperties,
  matchText,
  type RosterMatchBy,
  type RosterMode,
  rosterGrade,
  SUBJECT_VALUE_MAX_LENGTH,
} from '@school-portal/domain';
import type { RosterRow, RosterWarning } from './parse.js';

/**
 * What an import would do, worked out without writing: each row becomes a new subject, an update of
 * an existing one (with the fields that change), nothing (unchanged), or a row error. Blank cells never
 * clear a value already there. Grades are written as the portal writes them ("05" is 5, PowerSchool's 0
 * and -1 are K and PK). Rows to delete (a OneRoster delta's) remove the subject each matches, or say why
 * not. Pure: the same input gives the same plan, at check and at apply.
 */

export interface ExistingSubject {
  id: string;
  properties: Record<string, string>;
}

export interface PlanInput {
  columns: string[];
  rows: RosterRow[];
  mapping: Record<string, string | null>;
  /** Every field of the project. */
  fields: FieldRef[];
  /** The fields the caller may write (the ones it may see). */
  writable: Set<string>;
  matchBy: RosterMatchBy;
  mode: RosterMode;
  existing: ExistingSubject[];
  /** Rows whose subject is to be removed (matched as other rows are). */
  deletions?: RosterRow[];
}

export interface FieldChange {
  field_id: string;
  label: string;
  from: string;
  to: string;
}

export interface Plan {
  creates: { line: number; properties: Record<string, string> }[];
  updates: { line: number; id: string; properties: Record<string, string>; changes: FieldChange[] }[];
  unchanged: { line: number; id: string }[];
  /** Rows that match a subject while the mode adds new ones only. */
  existingSkipped: { line: number; id: string }[];
  errors: { line: number; messages: string[] }[];
  /** Rows that are exact copies of an earlier row (counted once, at the first), deletions that can't be made. */
  warnings: RosterWarning[];
  /** Subjects to remove: the deletion row that names each. */
  deletes: { line: number; id: string; properties: Record<string, string> }[];
}

const keyField = (fields: FieldRef[], key: MappedKey) => fields.find((f) => f.field_key === key);

/** The mapping's problems as a whole (not per row): 422 field errors, or null when usable. */
export function mappingProblems(
  columns: string[],
  mapping: Record<string, string | null>,
  fields: FieldRef[],
  matchBy: RosterMatchBy,
): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const ids = new Set(fields.map((f) => f.id));
  const used = new Map<string, string>();
  for (const [column, fieldId] of Object.entries(mapping)) {
    if (!columns.includes(column)) errors[`mapping.${column}`] = ['is not a column of this file'];
    else if (fieldId !== null && !ids.has(fieldId))
      errors[`mapping.${column}`] = ['is not a field of this project'];
    else if (fieldId !== null && used.has(fieldId))
      errors[`mapping.${column}`] = [`is the same field as column ${used.get(fieldId)}`];
    if (fieldId !== null) used.set(fieldId, column);
  }
  const mapped = (key: MappedKey) => {
    const f = keyField(fields, key);
    return !!f && used.has(f.id);
  };
  if (matchBy === 'student_id' && !mapped('student_id'))
    errors.mapping = ['must give a column to Student ID to match by Student ID'];
  if (matchBy === 'name_and_grade' && !(mapped('first_name') && mapped('last_name')))
    errors.mapping = ['must give columns to First Name and Last Name to match by name and grade'];
  if (matchBy === 'auto' && !mapped('student_id') && !(mapped('first_name') && mapped('last_name')))
    errors.mapping = ['must give a column to Student ID, or to First Name and Last Name'];
  if (used.size === 0) errors.mapping = ['gives no column to any field'];
  return Object.keys(errors).length ? errors : null;
}

export function planImport(input: PlanInput): Plan {
  const { fields, writable } = input;
  const labelOf = new Map(fields.map((f) => [f.id, effectiveLabel(f)]));
  const sid = keyField(fields, 'student_id')?.id;
  const gradeId = keyField(fields, 'grade')?.id;
  const targets = input.columns
    .map((column, index) => ({ index, fieldId: input.mapping[column] ?? null }))
    .filter((t): t is { index: number; fieldId: string } => t.fieldId !== null);

  const nameKey = (props: Record<string, string>) => {
    const m = mapProperties(fields, props);
    if (!m.first_name || !m.last_name) return null;
    return [m.first_name, m.last_name, m.grade].map(matchText).join('\u0000');
  };
  const bySid = new Map<string, ExistingSubject[]>();
  const byName = new Map<string, ExistingSubject[]>();
  for (const subject of input.existing) {
    const id = sid ? subject.properties[sid]?.trim() : '';
    if (id) bySid.set(id, [...(bySid.get(id) ?? []), subject]);
    const nk = nameKey(subject.properties);
    if (nk) byName.set(nk, [...(byName.get(nk) ?? []), subject]);
  }

  const plan: Plan = {
    creates: [],
    updates: [],
    unchanged: [],
    existingSkipped: [],
    errors: [],
    warnings: [],
    deletes: [],
  };
  // School exports often repeat a row exactly: every mapped value the same is one student, read once.
  const copiesOf = new Map<string, number[]>();
  const distinct = input.rows.filter((row) => {
    const signature = JSON.stringify(targets.map(({ index }) => (row.cells[index] ?? '').trim()));
    const lines = copiesOf.get(signature);
    if (!lines) {
      copiesOf.set(signature, [row.line]);
      return true;
    }
    lines.push(row.line);
    return false;
  });
  for (const lines of copiesOf.values())
    if (lines.length > 1)
      plan.warnings.push({
        line: lines[0]!,
        messages: [`rows ${lines.join(', ')} are the same: the student is imported once`],
      });
  plan.warnings.sort((a, b) => a.line - b.line);
  /** A row's mapped values (grades as the portal writes them) and what is wrong with them. */
  const read = (row: RosterRow) => {
    const properties: Record<string, string> = {};
    const messages: string[] = [];
    for (const { index, fieldId } of targets) {
      const cell = (row.cells[index] ?? '').trim();
      const value = fieldId === gradeId ? rosterGrade(cell) : cell;
      if (value === '') continue;
      const label = labelOf.get(fieldId) ?? fieldId;
      if (!writable.has(fieldId)) messages.push(`${label}: is a hidden field you may not write`);
      else if (value.length > SUBJECT_VALUE_MAX_LENGTH)
        messages.push(`${label}: is too long (maximum is ${SUBJECT_VALUE_MAX_LENGTH} characters)`);
      properties[fieldId] = value;
    }
    return { line: row.line, properties, messages };
  };
  const rows = distinct.map(read);

  /** The existing subjects a row's values match: by Student ID, else by name and grade (as chosen). */
  const matches = (properties: Record<string, string>): ExistingSubject[] => {
    const sidValue = sid ? properties[sid] : undefined;
    let found: ExistingSubject[] = [];
    if (input.matchBy !== 'name_and_grade' && sidValue) found = bySid.get(sidValue) ?? [];
    if (found.length === 0 && input.matchBy !== 'student_id') {
      const nk = nameKey(properties);
      // By name only a subject without another Student ID: a different ID is a different student.
      found = (nk ? (byName.get(nk) ?? []) : []).filter(
        (s) => input.matchBy === 'name_and_grade' || !sid || !sidValue || !s.properties[sid]?.trim(),
      );
    }
    return found;
  };

  // The same Student ID on rows that differ: every such row is an error (which one is right is unknown).
  const linesBySid = new Map<string, number[]>();
  if (sid)
    for (const r of rows) {
      const v = r.properties[sid];
      if (v) linesBySid.set(v, [...(linesBySid.get(v) ?? []), r.line]);
    }

  const claimed = new Map<string, number>();
  for (const r of rows) {
    const m = mapProperties(fields, r.properties);
    const hasName = !!(m.first_name && m.last_name);
    if (input.matchBy === 'student_id' && !m.student_id) r.messages.push('Student ID: is required');
    if (input.matchBy === 'name_and_grade' && !hasName)
      r.messages.push('First Name and Last Name: are required');
    if (input.matchBy === 'auto' && !m.student_id && !hasName)
      r.messages.push('Student ID, or First Name and Last Name: are required');
    const sidValue = sid ? r.properties[sid] : undefined;
    const same = sidValue ? linesBySid.get(sidValue) : undefined;
    if (same && same.length > 1)
      r.messages.push(`Student ID: ${sidValue} appears more than once in the file (rows ${same.join(', ')})`);

    let match: ExistingSubject | undefined;
    if (r.messages.length === 0) {
      const found = matches(r.properties);
      if (found.length > 1) r.messages.push('matches more than one existing subject');
      match = found[0];
      if (match && found.length === 1) {
        const earlier = claimed.get(match.id);
        if (earlier !== undefined) r.messages.push(`matches the same subject as row ${earlier}`);
        else claimed.set(match.id, r.line);
      }
    }
    if (r.messages.length > 0) {
      plan.errors.push({ line: r.line, messages: r.messages });
      continue;
    }
    if (!match) {
      plan.creates.push({ line: r.line, properties: r.properties });
      continue;
    }
    if (input.mode === 'add_only') {
      plan.existingSkipped.push({ line: r.line, id: match.id });
      continue;
    }
    const changes: FieldChange[] = [];
    for (const [fieldId, to] of Object.entries(r.properties)) {
      const from = match.properties[fieldId] ?? '';
      if (from.trim() !== to)
        changes.push({ field_id: fieldId, label: labelOf.get(fieldId) ?? fieldId, from, to });
    }
    if (changes.length === 0) plan.unchanged.push({ line: r.line, id: match.id });
    else
      plan.updates.push({
        line: r.line,
        id: match.id,
        properties: { ...match.properties, ...r.properties },
        changes,
      });
  }

  // Deletions: each removes the one subject it matches; any other outcome is a warning, never silence.
  for (const row of input.deletions ?? []) {
    const { properties } = read(row);
    const found = matches(properties);
    const name = rowName(fields, properties) || undefined;
    const warn = (message: string) =>
      plan.warnings.push({ line: row.line, ...(name ? { name } : {}), messages: [message] });
    if (found.length === 0)
      warn('is to be deleted, but matches no subject of the project: nothing to remove');
    else if (found.length > 1) warn('is to be deleted, but matches more than one subject: none is removed');
    else if (input.mode === 'add_only') warn('is to be deleted, but the import adds new subjects only: kept');
    else if (claimed.has(found[0]!.id))
      warn(`is to be deleted, but row ${claimed.get(found[0]!.id)} updates the same subject: kept`);
    else plan.deletes.push({ line: row.line, id: found[0]!.id, properties: found[0]!.properties });
  }
  return plan;
}

/** The name shown for a row in reports. */
export const rowName = (fields: FieldRef[], properties: Record<string, string>) =>
  displayName(mapProperties(fields, properties));
