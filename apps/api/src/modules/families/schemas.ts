import { recordIdSchema } from '@school-portal/domain';
import { z } from 'zod';

/**
 * What a family reads: a child as its guardian may see it (first name, last name and class, and nothing
 * else of the school's), its proofs, and its requests. Also the school side's shapes.
 */
export const childSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** The child's class as the school's visible fields say it (grade, teacher, home room); '' when none. */
  class: z.string(),
  /** Yearbook pose: whether a guardian may still choose it, until when, and the photo chosen. */
  yearbook_pose: z.object({
    open: z.boolean(),
    deadline: z.string().nullable(),
    photo_id: z.string().nullable(),
    chosen_by_guardian: z.boolean(),
  }),
});

export const cropSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const familyPhotoSchema = z.object({
  id: z.string(),
  /** A signed address of the proof (at most 1,200 px, marked PROOF, the crop drawn on it); it expires. */
  proof_url: z.string(),
  /** The crop the yearbook and the school use, as shares of the photo (0..1); null when it has none. */
  crop: cropSchema.nullable(),
  /** This season's photos are `current`; earlier seasons' of the same child `earlier`. */
  season: z.enum(['current', 'earlier']),
  /** The year the photo was taken (earlier seasons are told apart by it). */
  year: z.number(),
  is_yearbook_pose: z.boolean(),
});

export const familyPhotosSchema = z.object({
  photos: z.array(familyPhotoSchema),
  /** When the proof addresses stop working: read the list again after it. */
  expires_at: z.string(),
});

export const optOutRequestInput = z
  .strictObject({
    directory_opt_out: z.literal(true).optional(),
    yearbook_opt_out: z.literal(true).optional(),
  })
  .refine((b) => b.directory_opt_out || b.yearbook_opt_out, {
    message: 'must ask for directory_opt_out or yearbook_opt_out',
    path: ['directory_opt_out'],
  });

export const familyOptOutRequestSchema = z.object({
  id: z.string(),
  directory_opt_out: z.boolean(),
  yearbook_opt_out: z.boolean(),
  state: z.enum(['pending', 'approved', 'declined']),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});

export const guardianSchema = z.object({
  email: z.string(),
  notify_photos_ready: z.boolean(),
});

export const claimInput = z.strictObject({
  code: z.string().trim().min(1, "can't be blank").max(40, 'is too long (maximum is 40 characters)'),
  last_name: z.string().trim().min(1, "can't be blank").max(200, 'is too long (maximum is 200 characters)'),
  email: z.email('is not a valid e-mail address').max(320),
});

export const tokenInput = z.strictObject({ token: z.string().min(20).max(128) });

/** School side: a guardian's claim on a child of the project. */
export const guardianLinkSchema = z.object({
  id: z.string(),
  subject_id: z.string(),
  email: z.string(),
  claimed_at: z.string(),
  last_signed_in_at: z.string().nullable(),
});

export const schoolOptOutRequestSchema = z.object({
  id: z.string(),
  subject_id: z.string(),
  /** The guardian who asked (null once the guardian was removed). */
  guardian_email: z.string().nullable(),
  directory_opt_out: z.boolean(),
  yearbook_opt_out: z.boolean(),
  state: z.enum(['pending', 'approved', 'declined']),
  decided_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});

export const poseChoiceSchema = z.object({
  subject_id: z.string(),
  photo_id: z.string(),
  chosen_at: z.string(),
  chosen_by_guardian: z.literal(true),
  /** Whether the choice is still the subject's yearbook photo (the school may have chosen another since). */
  current: z.boolean(),
});

export const familyCodeSchema = z.object({
  subject_id: z.string(),
  /** As printed: XXXXX-XXXXX. */
  code: z.string(),
  created_at: z.string(),
  guardians_count: z.number(),
});

export const familySettingsSchema = z.object({
  family_pose_deadline: z.string().nullable(),
  family_opt_outs_apply_at_once: z.boolean(),
});

export const photoIdInput = z.strictObject({ photo_id: recordIdSchema });
