import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { requireWritten } from '../../http/errors.js';
import type { Access } from '../access/visibility.js';

/** Spec §5: fractions clamped into 0..1; a side of 10% or less of the image is "Invalid dimensions". */
export const MIN_CROP_FRACTION = 0.1;
const fraction = z
  .number()
  .finite()
  .transform((v) => Math.min(1, Math.max(0, v)));
export const cropInput = z
  .object({
    name: z.string().trim().min(1).max(100).default('School Portal 8x10'),
    is_default: z.boolean().default(false),
    x: fraction,
    y: fraction,
    width: fraction,
    height: fraction,
  })
  .transform((c) => ({ ...c, width: Math.min(c.width, 1 - c.x), height: Math.min(c.height, 1 - c.y) }))
  .superRefine((c, ctx) => {
    if (c.width <= MIN_CROP_FRACTION)
      ctx.addIssue({ code: 'custom', path: ['width'], message: 'Invalid dimensions' });
    if (c.height <= MIN_CROP_FRACTION)
      ctx.addIssue({ code: 'custom', path: ['height'], message: 'Invalid dimensions' });
  });

/** Photo crops: named rectangles (fractions of the image), one of them the photo's default. */
export function findCrop(access: Access, id: string) {
  return access.findRow('photo_crop', id, (db) => db.selectFrom('photo_crops').selectAll(), 'photo_crops.id');
}

export function cropsOfPhoto(db: Db, photoId: string) {
  return db.selectFrom('photo_crops').selectAll().where('photo_id', '=', photoId).orderBy('id').execute();
}

/** Saves a crop; a default crop replaces the photo's previous default. */
export async function saveCrop(
  ctx: AppContext,
  photoId: string,
  crop: z.output<typeof cropInput>,
  existingId?: string,
) {
  return ctx.db.transaction().execute(async (trx) => {
    if (crop.is_default) {
      await trx
        .updateTable('photo_crops')
        .set({ is_default: false })
        .where('photo_id', '=', photoId)
        .where('is_default', '=', true)
        .execute();
    }
    const values = {
      name: crop.name,
      is_default: crop.is_default,
      x: crop.x,
      y: crop.y,
      width: crop.width,
      height: crop.height,
    };
    return existingId
      ? trx
          .updateTable('photo_crops')
          .set({ ...values, updated_at: new Date() })
          .where('id', '=', existingId)
          .returningAll()
          .executeTakeFirstOrThrow()
      : trx
          .insertInto('photo_crops')
          .values({ ...values, photo_id: photoId })
          .returningAll()
          .executeTakeFirstOrThrow();
  });
}

export async function deleteCrop(db: Db, id: string) {
  requireWritten(await db.deleteFrom('photo_crops').where('id', '=', id).executeTakeFirst());
}
