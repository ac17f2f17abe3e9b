import { z } from 'zod';

/** The derived values of a subject (spec §3), from the fields with these keys. */
export const MAPPED_KEYS = ['student_id', 'first_name', 'last_name', 'teacher', 'grade'] as const;
export type MappedKey = (typeof MAPPED_KEYS)[number];
export type MappedProperties = Partial<Record<MappedKey, string>>;

export interface FieldRef {
  id: string;
  field_key: string | null;
  label: string | null;
  visible_to_customers: boolean;
}

/** Values by field key, for the keys the product derives things from. */
export function mapProperties(fields: FieldRef[], properties: Record<string, string>): MappedProperties {
  const mapped: MappedProperties = {};
  for (const field of fields) {
    const key = field.field_key as MappedKey | null;
    if (key && (MAPPED_KEYS as readonly string[]).includes(key) && properties[field.id]?.trim()) {
      mapped[key] ??= properties[field.id]!.trim();
    }
  }
  return mapped;
}

/** "First Last", or "No Name" (spec §3). */
export function displayName(mapped: MappedProperties): string {
  const name = [mapped.first_name, mapped.last_name].filter(Boolean).join(' ');
  return name || 'No Name';
}

/** "Last, First" for the reverse-full-name sort. */
export function reverseFullName(mapped: MappedProperties): string {
  return [mapped.last_name, mapped.first_name].filter(Boolean).join(', ');
}

/**
 * The preview of a subject card: up to 3 properties, Student ID, Teacher and Grade first, then the
 * other customer-visible fields, never the names (spec §3).
 */
export function previewFields(
  fields: FieldRef[],
  properties: Record<string, string>,
): { field: FieldRef; value: string }[] {
  const first = ['student_id', 'teacher', 'grade'];
  const names = ['first_name', 'last_name'];
  const withValue = fields.filter((f) => properties[f.id]?.trim() && !names.includes(f.field_key ?? ''));
  const ordered = [
    ...first.flatMap((key) => withValue.filter((f) => f.field_key === key)),
    ...withValue.filter((f) => !first.includes(f.field_key ?? '') && f.visible_to_customers),
  ];
  return ordered.slice(0, 3).map((field) => ({ field, value: properties[field.id]!.trim() }));
}

/** The value a field filter uses for "Blank" (spec §9: a special marker). */
export const BLANK_FILTER = '__blank__';

export const SUBJECT_SORT_KEYS = ['reverse_full_name', 'full_name', 'created_at'] as const;

export const subjectFormSchema = z.object({
  properties: z.record(
    z.string().regex(/^\d{1,18}$/, 'is not a field of this project'),
    z.string().max(1000, 'is too long (maximum is 1000 characters)'),
  ),
});
export type SubjectForm = z.input<typeof subjectFormSchema>;
