import { ROSTER_MAX_BYTES, recordIdSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { idParam, pageFields } from '../../http/params.js';
import { changeById, createUnderId, listUnderId, moduleRoutes, recordById } from '../../http/route.js';
import { uploadFileName, uploadFileSize } from '../../http/upload-fields.js';
import { photoSchema } from '../photos/serialize.js';
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from '../photos/service.js';
import { openStationBatch } from './live-batch.js';
import {
  ITEM_STATES,
  MATCH_BY,
  PRIMARY_RULES,
  photoBatchItemSchema,
  photoBatchSchema,
  stationNowSchema,
} from './serialize.js';
import {
  addPhoto,
  batchItemsPage,
  createBatch,
  projectBatches,
  reviewBatchItem,
  showBatch,
  startApply,
  startMappingFile,
  startMatch,
} from './service.js';
import { pickFrame, stationNow } from './station-now.js';

const presignedPost = z.object({ url: z.string(), fields: z.record(z.string(), z.string()) });
const uploadAnswer = z.object({
  photo: photoSchema,
  photo_batch_item: photoBatchItemSchema,
});
const photoType = z.enum(PHOTO_TYPES, 'must be image/png or image/jpeg');
/** The upload's fields as `POST /albums/:id/photos` names them, and their older names (deprecated aliases). */
const UPLOAD_FIELDS = [
  ['upload_file_name', 'file_name'],
  ['upload_file_size', 'byte_size'],
  ['upload_content_type', 'content_type'],
] as const;
const deprecated = (name: string) => ({
  deprecated: true,
  description: `Deprecated: the older name of ${name}.`,
});

/**
 * A file of a batch: the album upload's fields (`upload_file_name`, `upload_file_size`,
 * `upload_content_type`), or their older names (`file_name`, `byte_size`, `content_type`), kept as
 * deprecated aliases; one of each pair is required, and both, when given, must agree.
 */
const batchPhotoInput = z
  .object({
    upload_file_name: uploadFileName.optional(),
    upload_file_size: uploadFileSize(MAX_PHOTO_BYTES).optional(),
    upload_content_type: photoType.optional(),
    file_name: uploadFileName.optional().meta(deprecated('upload_file_name')),
    byte_size: uploadFileSize(MAX_PHOTO_BYTES).optional().meta(deprecated('upload_file_size')),
    content_type: photoType.optional().meta(deprecated('upload_content_type')),
    last_modified: z
      .union([z.number().int().min(0).max(8.64e15), z.iso.datetime({ offset: true })])
      .transform((v) => new Date(v))
      .optional(),
  })
  .superRefine((photo, check) => {
    for (const [name, alias] of UPLOAD_FIELDS) {
      if (photo[name] === undefined && photo[alias] === undefined)
        check.addIssue({ code: 'custom', path: [name], message: 'is required' });
      else if (photo[name] !== undefined && photo[alias] !== undefined && photo[name] !== photo[alias])
        check.addIssue({ code: 'custom', path: [alias], message: `must equal ${name} (or be left out)` });
    }
  })
  .transform((photo) => ({
    file_name: (photo.upload_file_name ?? photo.file_name)!,
    byte_size: (photo.upload_file_size ?? photo.byte_size)!,
    content_type: (photo.upload_content_type ?? photo.content_type)!,
    ...(photo.last_modified ? { last_modified: photo.last_modified } : {}),
  }));

const states = z
  .string()
  .transform((s) => s.split(',').filter(Boolean))
  .pipe(z.array(z.enum(ITEM_STATES)).max(ITEM_STATES.length));

/**
 * Picture day: a whole shoot uploaded as a batch, matched to the project's subjects by camera card, file
 * name or mapping file, reviewed, then applied (docs/api.md "Picture day"). Studio and lab accounts only.
 */
export function registerPictureDayRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['picture-day']);

  app.post(
    '/api/projects/:id/photo-batches',
    operation(
      'photo-batch.create',
      'Start a picture day batch: how its photos are matched to the project’s subjects',
      createUnderId(
        'photo_batch',
        z.object({
          name: z.string().trim().min(1).max(200),
          match_by: z.enum(MATCH_BY),
          photo_session_id: recordIdSchema.optional(),
          match_field_key: z.string().trim().min(1).max(100).optional(),
          create_extras: z.boolean().optional(),
          retakes: z.boolean().optional(),
          primary: z.enum(PRIMARY_RULES).optional(),
        }),
        photoBatchSchema,
      ),
    ),
    async (request, reply) => {
      const batch = await createBatch(ctx, request, request.params.id, request.body.photo_batch);
      return reply.status(201).send({ photo_batch: batch });
    },
  );

  app.get(
    '/api/projects/:id/photo-batches',
    operation(
      'photo-batch.list',
      'The picture day batches of a project, newest first (paged)',
      listUnderId('photo_batches', photoBatchSchema, z.object(pageFields(25, 100))),
    ),
    async (request) => projectBatches(ctx, request, request.params.id, request.query),
  );

  app.get(
    '/api/photo-batches/:id',
    operation(
      'photo-batch.show',
      'A batch: its state and report (photos, cards, matched, unmatched, subjects...)',
      recordById('photo_batch', photoBatchSchema),
    ),
    async (request) => ({ photo_batch: await showBatch(ctx, request, request.params.id) }),
  );

  app.post(
    '/api/stations/:id/batch',
    operation(
      'station.batch',
      "The station's live batch (tethered capture), matched by check-in in its session: opened on the first call (201), the same one after (200)",
      {
        params: idParam,
        response: {
          200: z.object({ photo_batch: photoBatchSchema }),
          201: z.object({ photo_batch: photoBatchSchema }),
        },
      },
    ),
    async (request, reply) => {
      const { created, photo_batch } = await openStationBatch(ctx, request, request.params.id);
      return reply.status(created ? 201 : 200).send({ photo_batch });
    },
  );

  app.get(
    '/api/stations/:id/now',
    operation(
      'station.now',
      'The station\'s "now" view (tethered capture): its current student (its last check-in), that student\'s frames in its live batch with signed thumbnails, checks and auto crop, and `retake_now` when the last frame failed a check',
      { params: idParam, response: { 200: z.object({ station_now: stationNowSchema }) } },
    ),
    async (request) => ({ station_now: await stationNow(ctx, request, request.params.id) }),
  );

  app.put(
    '/api/stations/:id/now/pick',
    operation(
      'station.pick',
      'The photographer\'s pick among the current student\'s frames (one per student; an applied pick becomes the primary); the "now" view after it',
      {
        params: idParam,
        body: z.object({ photo_id: recordIdSchema }).strict(),
        response: { 200: z.object({ station_now: stationNowSchema }) },
      },
    ),
    async (request) => ({
      station_now: await pickFrame(ctx, request, request.params.id, request.body.photo_id),
    }),
  );

  app.post(
    '/api/photo-batches/:id/photos',
    operation(
      'photo-batch.upload',
      'A file of the batch: a photo record with its presigned form (201), or the existing one for the same name and size (200: a resumed upload)',
      {
        params: idParam,
        body: z.object({ photo: batchPhotoInput }),
        response: { 200: uploadAnswer, 201: uploadAnswer },
      },
    ),
    async (request, reply) => {
      const answer = await addPhoto(ctx, request, request.params.id, request.body.photo);
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.post(
    '/api/photo-batches/:id/mapping-file',
    operation(
      'photo-batch.upload',
      'The mapping file (file name -> field value) of a batch matched by mapping file, by presigned POST',
      {
        params: idParam,
        body: z.object({
          mapping_file: z.object({
            file_name: uploadFileName,
            byte_size: uploadFileSize(ROSTER_MAX_BYTES),
            file_name_column: z.string().trim().min(1).max(200).optional(),
            value_column: z.string().trim().min(1).max(200).optional(),
          }),
        }),
        response: { 201: z.object({ photo_batch: photoBatchSchema, presigned_post: presignedPost }) },
      },
    ),
    async (request, reply) => {
      const answer = await startMappingFile(ctx, request, request.params.id, request.body.mapping_file);
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/api/photo-batches/:id/match',
    operation(
      'photo-batch.match',
      'Match the batch’s photos to subjects (a job: cards, file names or the mapping file); 202',
      { params: idParam, response: { 202: z.object({ photo_batch: photoBatchSchema }) } },
    ),
    async (request, reply) =>
      reply.status(202).send({ photo_batch: await startMatch(ctx, request, request.params.id) }),
  );

  app.get(
    '/api/photo-batches/:id/items',
    operation(
      'photo-batch.show',
      'The batch’s photos in capture order, each with its state, subject, reason and thumbnails (paged)',
      listUnderId(
        'photo_batch_items',
        photoBatchItemSchema,
        z.object({
          ...pageFields(100),
          state: states.optional(),
        }),
      ),
    ),
    async (request) => batchItemsPage(ctx, request, request.params.id, request.query),
  );

  app.patch(
    '/api/photo-batch-items/:id',
    operation(
      'photo-batch.review',
      'Review a photo of a batch: assign it to a subject of the project, or ignore it',
      changeById(
        'photo_batch_item',
        z.union([
          z.object({ subject_id: recordIdSchema }).strict(),
          z.object({ ignored: z.boolean() }).strict(),
        ]),
        photoBatchItemSchema,
      ),
    ),
    async (request) => ({
      photo_batch_item: await reviewBatchItem(ctx, request, request.params.id, request.body.photo_batch_item),
    }),
  );

  app.post(
    '/api/photo-batches/:id/apply',
    operation('photo-batch.apply', 'Assign the matched photos to their subjects (a job, once); 202', {
      params: idParam,
      body: z
        .object({ photo_batch: z.object({ primary: z.enum(PRIMARY_RULES).optional() }).optional() })
        .nullish(),
      response: { 202: z.object({ photo_batch: photoBatchSchema }) },
    }),
    async (request, reply) =>
      reply.status(202).send({
        photo_batch: await startApply(ctx, request, request.params.id, request.body?.photo_batch?.primary),
      }),
  );
}
