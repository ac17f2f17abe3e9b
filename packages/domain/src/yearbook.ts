import { z } from 'zod';

/**
 * Yearbook deliveries: the publishers a studio delivers portraits to, and what each one's import wants of
 * the PSPA package. A preset fixes what the publisher's help pages say (null: the export format's own
 * setting stands). Every preset takes the PSPA layout (INDEX.TXT's 13 columns, MASTER.TXT, IMAGES/).
 *
 * Our reading of the publishers' pages (docs/exports.md "Yearbook deliveries"): all take JPEG portraits
 * of 640 x 800 (4:5) at 300 ppi and an index without a header line; Memento (StudioSource) reads UTF-8 or
 * ASCII and lists MASTER.TXT; the others' importers read the index as ANSI text (Windows-1252).
 */
export interface YearbookPublisherPreset {
  key: string;
  name: string;
  image_width: number | null;
  image_height: number | null;
  data_encoding: 'utf-8' | 'windows-1252' | 'ascii' | null;
  /** Whether the index has a header line. */
  header: boolean | null;
  /** Whether MASTER.TXT (every subject, with or without a photo) is written beside INDEX.TXT. */
  master_file: boolean | null;
  /** The longest value the index takes in a name, grade or teacher column. */
  max_value_length: number;
}

const pspa = (
  key: string,
  name: string,
  data_encoding: YearbookPublisherPreset['data_encoding'],
): YearbookPublisherPreset => ({
  key,
  name,
  image_width: 640,
  image_height: 800,
  data_encoding,
  header: false,
  master_file: true,
  max_value_length: 40,
});

export const YEARBOOK_PUBLISHERS: readonly YearbookPublisherPreset[] = [
  pspa('jostens', 'Jostens', 'windows-1252'),
  pspa('walsworth', 'Walsworth', 'windows-1252'),
  pspa('herff_jones', 'Herff Jones', 'windows-1252'),
  pspa('balfour', 'Balfour', 'windows-1252'),
  pspa('lifetouch_yearbooks', 'Lifetouch Yearbooks', 'windows-1252'),
  pspa('treering', 'TreeRing', 'windows-1252'),
  pspa('entourage', 'Entourage', 'windows-1252'),
  pspa('memento_studiosource', 'Memento / StudioSource', 'utf-8'),
  pspa('friesens', 'Friesens', 'windows-1252'),
  pspa('pictavo', 'Pictavo', 'windows-1252'),
  {
    key: 'other_pspa',
    name: 'Other (PSPA)',
    image_width: null,
    image_height: null,
    data_encoding: null,
    header: null,
    master_file: null,
    max_value_length: 40,
  },
];

export const YEARBOOK_PUBLISHER_KEYS = YEARBOOK_PUBLISHERS.map((p) => p.key) as [string, ...string[]];

export const yearbookPublisher = (key: string): YearbookPublisherPreset =>
  YEARBOOK_PUBLISHERS.find((p) => p.key === key) ?? YEARBOOK_PUBLISHERS[YEARBOOK_PUBLISHERS.length - 1]!;

export const YEARBOOK_DELIVERY_KINDS = ['full', 'changes'] as const;
export type YearbookDeliveryKind = (typeof YEARBOOK_DELIVERY_KINDS)[number];

const recordId = z.string().regex(/^\d{1,18}$/, 'is invalid');
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getUTCFullYear() >= 2000;
  }, 'is not a date');

export const yearbookDeadlineSchema = z.strictObject({
  name: z.string().trim().min(1, "can't be blank").max(100, 'is too long (maximum is 100 characters)'),
  date: isoDate,
});

/** A yearbook target as the studio sends it (API.md "yearbook deliveries"). */
export const yearbookTargetInputSchema = z.strictObject({
  publisher: z.enum(YEARBOOK_PUBLISHER_KEYS, 'is not a publisher of the list'),
  project_export_format_id: recordId,
  deadlines: z
    .array(yearbookDeadlineSchema)
    .max(10, 'is too long (maximum is 10 deadlines)')
    .refine(
      (list) => new Set(list.map((d) => d.name.toLowerCase())).size === list.length,
      'names a deadline twice',
    )
    .default([]),
  notify_days_before: z.number().int().min(0).max(60).default(7),
  school_contact_email: z
    .email('is not an e-mail address')
    .max(320, 'is too long (maximum is 320 characters)')
    .nullable()
    .default(null),
});
export type YearbookTargetInput = z.input<typeof yearbookTargetInputSchema>;

/** A change to a target: any of its fields. */
export const yearbookTargetPatchSchema = z.strictObject({
  publisher: yearbookTargetInputSchema.shape.publisher.optional(),
  project_export_format_id: recordId.optional(),
  deadlines: z
    .array(yearbookDeadlineSchema)
    .max(10, 'is too long (maximum is 10 deadlines)')
    .refine(
      (list) => new Set(list.map((d) => d.name.toLowerCase())).size === list.length,
      'names a deadline twice',
    )
    .optional(),
  notify_days_before: z.number().int().min(0).max(60).optional(),
  school_contact_email: z
    .email('is not an e-mail address')
    .max(320, 'is too long (maximum is 320 characters)')
    .nullable()
    .optional(),
});

export const yearbookDeliveryInputSchema = z.strictObject({
  kind: z.enum(YEARBOOK_DELIVERY_KINDS, 'must be full or changes'),
});

export const yearbookPoseInputSchema = z.strictObject({
  subject_id: recordId,
  photo_id: recordId,
});

/**
 * The date until which the school chooses poses: the target's first deadline (the portrait deadline),
 * through that whole day (UTC); null when the target has no deadline (poses stay open).
 */
export function poseDeadline(deadlines: { name: string; date: string }[]): string | null {
  const sorted = [...deadlines].sort((a, b) => a.date.localeCompare(b.date));
  return sorted[0]?.date ?? null;
}

/** Whether the pose choice is still open on `today` (YYYY-MM-DD, UTC). */
export const posesOpen = (deadlines: { name: string; date: string }[], today: string) => {
  const until = poseDeadline(deadlines);
  return until === null || today <= until;
};
