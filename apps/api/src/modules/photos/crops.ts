import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { requireWritten } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { findVisiblePhoto } from './service.js';

/** Spec §5: fractions clamped into 0..1; a side of 10% or less of the image is "Invalid dimensions". */
export const MIN_CROP_FRACTION = 0.1;
const fraction = z
  .number()
  .finite()
  .transform((v) => Math.min(1, Math.max(0, v)));
const cropInput = z
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
const cropSchema = z.object({
  id: z.string(),
  photo_id: z.string(),
  name: z.string(),
  is_default: z.boolean(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

/** Photo crops: named rectangles (fractions of the image), one of them the photo's default. */
export function registerCropRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const serializeCrop = (c: {
    id: string;
    photo_id: string;
    name: string;
    is_default: boolean;
    x: number;
    y: number;
    width: number;
    height: number;
  }) => ({
    id: c.id,
    photo_id: c.photo_id,
    name: c.name,
    is_default: c.is_default,
    x: c.x,
    y: c.y,
    width: c.width,
    height: c.height,
  });

  async function findVisibleCrop(request: FastifyRequest, id: string) {
    const ref = await request.access.findVisible('photo_crop', id);
    return ctx.db.selectFrom('photo_crops').selectAll().where('id', '=', ref.id).executeTakeFirstOrThrow();
  }

  /** Saves a crop; a default crop replaces the photo's previous default. */
  async function saveCrop(photoId: string, crop: z.output<typeof cropInput>, existingId?: string) {
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

  app.get(
    '/api/photos/:id/photo-crops',
    {
      config: { action: 'photo.show' },
      schema: {
        tags: ['photos'],
        summary: 'Crops of a photo',
        params: idParam,
        response: { 200: z.object({ photo_crops: z.array(cropSchema) }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const photo = await findVisiblePhoto(ctx.db, s, request.params.id);
      const crops = await ctx.db
        .selectFrom('photo_crops')
        .selectAll()
        .where('photo_id', '=', photo.id)
        .orderBy('id')
        .execute();
      return { photo_crops: crops.map(serializeCrop) };
    },
  );

  app.post(
    '/api/photos/:id/photo-crops',
    {
      config: { action: 'photo.crop' },
      schema: {
        tags: ['photos'],
        summary: 'Save a crop (fractions 0..1, each side over 10%); is_default replaces the default',
        params: idParam,
        body: z.object({ photo_crop: cropInput }),
        response: { 201: z.object({ photo_crop: cropSchema }) },
      },
    },
    async (request, reply) => {
      const s = sessionOf(request);
      const photo = await findVisiblePhoto(ctx.db, s, request.params.id);
      return reply
        .status(201)
        .send({ photo_crop: serializeCrop(await saveCrop(photo.id, request.body.photo_crop)) });
    },
  );

  app.patch(
    '/api/photo-crops/:id',
    {
      config: { action: 'photo.crop' },
      schema: {
        tags: ['photos'],
        summary: 'Change a crop',
        params: idParam,
        body: z.object({ photo_crop: cropInput }),
        response: { 200: z.object({ photo_crop: cropSchema }) },
      },
    },
    async (request) => {
      const crop = await findVisibleCrop(request, request.params.id);
      return { photo_crop: serializeCrop(await saveCrop(crop.photo_id, request.body.photo_crop, crop.id)) };
    },
  );

  app.delete(
    '/api/photo-crops/:id',
    {
      config: { action: 'photo.crop' },
      schema: {
        tags: ['photos'],
        summary: 'Delete a crop',
        params: idParam,
        response: { 200: z.object({}) },
      },
    },
    async (request) => {
      const crop = await findVisibleCrop(request, request.params.id);
      requireWritten(await ctx.db.deleteFrom('photo_crops').where('id', '=', crop.id).executeTakeFirst());
      return {};
    },
  );
}
