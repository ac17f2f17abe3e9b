import { z } from 'zod';
import type { PhotoCheck, PhotoFace } from '../../../db/schema.js';

export const faceSchema = z
  .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number(), eye_y: z.number() })
  .nullable();
export const checkSchema = z.object({ code: z.string(), message: z.string() });
const rect = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

/** A flagged photo on the review list: its face, its flags and its portrait auto crop (to draw). */
export const photoCheckSchema = z.object({
  photo_id: z.string(),
  face: faceSchema,
  checks: z.array(checkSchema),
  retake_needed: z.boolean(),
  checked_at: z.string().nullable(),
  auto_crop: rect.nullable(),
});

export function serializePhotoCheck(row: {
  id: string;
  face: PhotoFace | null;
  checks: PhotoCheck[];
  retake_needed: boolean;
  checked_at: Date | null;
  crop_x: number | null;
  crop_y: number | null;
  crop_width: number | null;
  crop_height: number | null;
}): z.infer<typeof photoCheckSchema> {
  return {
    photo_id: row.id,
    face: row.face,
    checks: row.checks,
    retake_needed: row.retake_needed,
    checked_at: row.checked_at?.toISOString() ?? null,
    auto_crop:
      row.crop_x !== null && row.crop_y !== null && row.crop_width !== null && row.crop_height !== null
        ? { x: row.crop_x, y: row.crop_y, width: row.crop_width, height: row.crop_height }
        : null,
  };
}
