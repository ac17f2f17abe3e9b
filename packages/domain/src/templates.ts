import { z } from 'zod';
import { SHORT_CODE_MAX_LENGTH } from './constants.js';
import { isoDateSchema, recordIdSchema as recordId, requiredText } from './schemas.js';

/**
 * The subject-field catalogue: the keys the rest of the product relies on (names, grades, teachers,
 * exports, yearbook and ID-card layouts). A field with no key is Custom and needs its own label.
 */
export const FIELD_KEYS = [
  { key: 'student_id', label: 'Student ID' },
  { key: 'first_name', label: 'First Name' },
  { key: 'last_name', label: 'Last Name' },
  { key: 'middle_name', label: 'Middle Name' },
  { key: 'nickname', label: 'Nickname' },
  { key: 'teacher', label: 'Teacher' },
  { key: 'grade', label: 'Grade' },
  { key: 'home_room', label: 'Home Room' },
  { key: 'period', label: 'Period' },
  { key: 'track', label: 'Track' },
  { key: 'department', label: 'Department' },
  { key: 'title', label: 'Title' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'birth_date', label: 'Birth Date' },
  { key: 'gender', label: 'Gender' },
  { key: 'address', label: 'Address' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'zip', label: 'Zip' },
  { key: 'parent_name', label: 'Parent Name' },
  { key: 'parent_email', label: 'Parent Email' },
  { key: 'parent_phone', label: 'Parent Phone' },
  { key: 'group', label: 'Group' },
  { key: 'team', label: 'Team' },
  { key: 'sport', label: 'Sport' },
  { key: 'jersey_number', label: 'Jersey Number' },
  { key: 'position', label: 'Position' },
  { key: 'package', label: 'Package' },
  { key: 'access_code', label: 'Access Code' },
  { key: 'notes', label: 'Notes' },
] as const;
export type FieldKey = (typeof FIELD_KEYS)[number]['key'];
const FIELD_KEY_VALUES = FIELD_KEYS.map((f) => f.key) as [FieldKey, ...FieldKey[]];

export const fieldKeyLabel = (key: string | null | undefined): string | null =>
  FIELD_KEYS.find((f) => f.key === key)?.label ?? null;

/** The label shown for a field: its own label, else its key's label (spec §3 effectiveLabel). */
export const effectiveLabel = (field: { field_key: string | null; label: string | null }): string =>
  field.label?.trim() || fieldKeyLabel(field.field_key) || '';

export const subjectFieldInputSchema = z
  .object({
    field_key: z
      .enum(FIELD_KEY_VALUES)
      .nullish()
      .transform((v) => v ?? null),
    label: z
      .string()
      .trim()
      .max(100, 'is too long (maximum is 100 characters)')
      .nullish()
      .transform((v) => (v ? v : null)),
    visible_to_customers: z.boolean().default(true),
    auto_suggest_enabled: z.boolean().default(false),
  })
  // Every field needs a label or a key; a Custom field (no key) needs a label (spec §5).
  .superRefine((field, ctx) => {
    if (!field.field_key && !field.label) {
      ctx.addIssue({ code: 'custom', path: ['label'], message: "can't be blank for a Custom field" });
    }
  });
export type SubjectFieldInput = z.input<typeof subjectFieldInputSchema>;

export const projectTemplateFormSchema = z.object({
  name: requiredText(200),
  subject_fields_attributes: z
    .array(subjectFieldInputSchema)
    .min(1, 'needs at least one subject field')
    .max(200),
});
export type ProjectTemplateForm = z.input<typeof projectTemplateFormSchema>;

export const seasonFormSchema = z
  .object({
    name: requiredText(200),
    period_start: isoDateSchema.nullish(),
    period_end: isoDateSchema.nullish(),
    current: z.boolean().optional(),
  })
  .refine((s) => !s.period_start || !s.period_end || s.period_start <= s.period_end, {
    path: ['period_end'],
    message: 'must be on or after the start',
  });
export type SeasonForm = z.input<typeof seasonFormSchema>;

/**
 * The project form (spec §5): name, template and organization required; season optional. The short code
 * follows spec §9 ("Short code max 9 characters"), as the organization's does.
 */
export const projectFormSchema = z.object({
  name: requiredText(200),
  short_code: z
    .string()
    .trim()
    .max(SHORT_CODE_MAX_LENGTH, `is too long (maximum is ${SHORT_CODE_MAX_LENGTH} characters)`)
    .nullish()
    .transform((v) => (v ? v : null)),
  organization_id: recordId,
  season_id: recordId.nullish().transform((v) => v ?? null),
  enable_for_all_apps: z.boolean().optional(),
});
export type ProjectForm = z.input<typeof projectFormSchema>;
export const projectUpdateSchema = projectFormSchema.omit({ organization_id: true }).partial();
