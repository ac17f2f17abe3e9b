import { displayName, mapProperties } from '@school-portal/domain';
import { z } from 'zod';
import type { Storage } from '../../../storage/storage.js';
import { isoOrNull, namedRef } from '../../../wire.js';
import type { ProjectFields } from '../../subjects/service.js';
import { baseOf, renditionKey, THUMB_EXPIRY_SECONDS } from '../service.js';
import type { ReviewRow } from './queries.js';

const faceSchema = z
  .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number(), eye_y: z.number() })
  .nullable();
const checkSchema = z.object({ code: z.string(), message: z.string() });
/** The photos.checks job's findings on a photo: the head as fractions, the flags, whether a retake is due. */
export const checkFindingsShape = {
  face: faceSchema,
  checks: z.array(checkSchema),
  retake_needed: z.boolean(),
};
const rect = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

/** A photo on the review list: its subject, thumbnail, face, flags, review state and portrait auto crop. */
export const photoCheckSchema = z.object({
  photo_id: z.string(),
  subject: namedRef.nullable(),
  thumbnail_url: z.string().nullable(),
  ...checkFindingsShape,
  checks_accepted: z.boolean(),
  checks_accepted_at: z.string().nullable(),
  checked_at: z.string().nullable(),
  auto_crop: rect.nullable(),
  has_manual_crop: z.boolean(),
});

/** The findings as a photo's row holds them, for an answer that spreads checkFindingsShape. */
export const checkFindings = (row: Pick<ReviewRow, 'face' | 'checks' | 'retake_needed'>) => ({
  face: row.face,
  checks: row.checks,
  retake_needed: row.retake_needed,
});

const count = z.number();
/** The project's counts for the dashboard (docs/api.md "Photo checks"). */
export const photoCheckCountsSchema = z.object({
  checked: count,
  flagged_open: count,
  accepted: count,
  retakes: count,
  auto_cropped: count,
  centred_no_face: count,
  by_code: z.record(z.string(), count),
});

/**
 * One review row as the caller may see it: the subject's name from the fields the caller may read only
 * (`pf`, hidden fields left out), the small thumbnail signed.
 */
export async function serializePhotoCheck(
  storage: Storage,
  pf: Pick<ProjectFields, 'fields'>,
  row: ReviewRow,
): Promise<z.infer<typeof photoCheckSchema>> {
  const thumbnail_url = row.renditions_ready_at
    ? await storage.presignGet({
        key: renditionKey(baseOf(row.storage_key), 'small'),
        expiresInSeconds: THUMB_EXPIRY_SECONDS,
      })
    : null;
  return {
    photo_id: row.id,
    subject:
      row.subject_id && row.subject_properties
        ? { id: row.subject_id, name: displayName(mapProperties(pf.fields, row.subject_properties)) }
        : null,
    thumbnail_url,
    ...checkFindings(row),
    checks_accepted: row.checks_accepted_at !== null,
    checks_accepted_at: isoOrNull(row.checks_accepted_at),
    checked_at: isoOrNull(row.checked_at),
    auto_crop:
      row.crop_x !== null && row.crop_y !== null && row.crop_width !== null && row.crop_height !== null
        ? { x: row.crop_x, y: row.crop_y, width: row.crop_width, height: row.crop_height }
        : null,
    has_manual_crop: row.has_manual_crop,
  };
}
