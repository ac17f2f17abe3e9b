import { z } from 'zod';
import { subjectSelectionSchema } from './selection.js';

/** Duplicate checks match on these field keys unless told otherwise (spec §5). */
export const DEFAULT_DUPLICATE_FIELDS = ['first_name', 'last_name', 'student_id'] as const;
/** At most this many fields to match on (spec §9). */
export const MAX_DUPLICATE_FIELDS = 5;

/**
 * The duplicate-search fields' rules (spec §5): at most 5, no repeats, each one of `knownKeys` (the
 * project's field keys the caller may see). Returns the messages for the `fields` entry of a 422, or
 * none.
 */
export function duplicateFieldErrors(fields: readonly string[], knownKeys: readonly string[]): string[] {
  const errors: string[] = [];
  if (fields.length === 0) errors.push("can't be blank");
  if (fields.length > MAX_DUPLICATE_FIELDS)
    errors.push(`is too long (maximum is ${MAX_DUPLICATE_FIELDS} fields)`);
  if (new Set(fields).size !== fields.length) errors.push('must not repeat a field');
  const known = new Set(knownKeys);
  const unknown = fields.filter((f) => !known.has(f));
  if (unknown.length > 0) errors.push('must be fields of this project');
  return errors;
}

/** `POST /projects/:id/duplicate-subjects`: the fields to match and the selection to look in. */
export const duplicateSearchSchema = subjectSelectionSchema.extend({
  // The count and key rules are answered as 422 field errors (not 400), so only the shape is checked here.
  fields: z.array(z.string().max(100)).max(100).optional(),
});
export type DuplicateSearch = z.input<typeof duplicateSearchSchema>;
