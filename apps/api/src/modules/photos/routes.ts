import { APP_SLUG, recordIdSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { downloadAudit } from '../../http/download.js';
import { conflict, notFound } from '../../http/errors.js';
import { idParam, pageFields } from '../../http/params.js';
import {
  changeById,
  createUnderId,
  deleteById,
  deleteHandler,
  listUnderId,
  type ModuleRoutes,
  moduleRoutes,
  recordById,
} from '../../http/route.js';
import { uploadFileName, uploadFileSize } from '../../http/upload-fields.js';
import { RENDITIONS } from '../../images/images.js';
import { actorOf, recordAudit } from '../audit/record.js';
import { stationOwnPhoto } from '../picture-day/station-access.js';
import { findProject } from '../projects/service.js';
import { assignPhoto, findAssignment, setPrimary, unassignPhoto } from './assignments.js';
import { cropInput, cropsOfPhoto, deleteCrop, findCrop, saveCrop } from './crops.js';
import { finishImport, startImport } from './imports.js';
import { albumPhotos, createAlbum, projectAlbums } from './queries.js';
import {
  albumSchema,
  assignmentSchema,
  cropSchema,
  importSchema,
  photoSchema,
  serializeAlbum,
  serializeCrop,
  serializeImport,
} from './serialize.js';
import {
  baseOf,
  createPhoto,
  findAlbum,
  findPhoto,
  MAX_PHOTO_BYTES,
  PHOTO_TYPES,
  renditionKey,
  serializePhoto,
  THUMB_EXPIRY_SECONDS,
  verifyPhotoUpload,
} from './service.js';

const recordId = recordIdSchema;

export function registerPhotoRoutes(root: FastifyInstance, ctx: AppContext) {
  const routes = moduleRoutes(root, ['photos']);
  const { app, operation } = routes;
  app.get(
    '/api/albums',
    operation('photo.list', 'Albums of a project, optionally by tag', {
      querystring: z
        .object({
          tag: z.string().max(100).optional(),
          parent_resource_type: z.literal('Project'),
          parent_resource_id: z.string().regex(/^\d{1,18}$/),
        })
        .strict(),
      response: { 200: z.object({ albums: z.array(albumSchema) }) },
    }),
    async (request) => {
      const project = await findProject(request.access, request.query.parent_resource_id);
      return { albums: (await projectAlbums(ctx.db, project.id, request.query.tag)).map(serializeAlbum) };
    },
  );

  app.post(
    '/api/albums',
    operation(
      'photo.upload',
      'Create a project album (the subject-photo album is named and tagged by the web app)',
      {
        body: z.object({
          album: z.object({
            name: z.string().trim().min(1).max(200),
            tags: z.array(z.string().max(100)).max(20).default([]),
            parent_resource_type: z.literal('Project'),
            parent_resource_id: recordId,
          }),
        }),
        response: { 201: z.object({ album: albumSchema }) },
      },
    ),
    async (request, reply) => {
      // A station link uploads into its live batch only (picture-day/live-batch.ts): no album of its own.
      if (request.station) throw notFound();
      const body = request.body.album;
      await request.access.requireVisible({
        parent_resource_id: { kind: 'project', id: body.parent_resource_id },
      });
      const project = await findProject(request.access, body.parent_resource_id);
      const album = await createAlbum(ctx.db, project.id, body);
      return reply.status(201).send({ album: serializeAlbum(album) });
    },
  );

  app.get(
    '/api/albums/:id/photos',
    operation(
      'photo.list',
      'Verified photos of an album, a page at a time (each photo carries signed addresses)',
      listUnderId('photos', photoSchema, z.object(pageFields(100))),
    ),
    async (request) => {
      const album = await findAlbum(request.access, request.params.id);
      const { rows, meta } = await albumPhotos(ctx.db, album.id, request.query);
      return { photos: await Promise.all(rows.map((p) => serializePhoto(ctx.storage, p))), meta };
    },
  );

  app.post(
    '/api/albums/:id/photos',
    operation(
      'photo.upload',
      'Create a photo record and get its presigned upload (png or jpeg, size limited)',
      createUnderId(
        'photo',
        z.object({
          upload_file_name: uploadFileName,
          upload_file_size: uploadFileSize(MAX_PHOTO_BYTES),
          upload_content_type: z.enum(PHOTO_TYPES, 'must be image/png or image/jpeg'),
          subject_ids: z.array(recordId).max(100).optional(),
          tags: z.array(z.string().max(100)).max(20).default([]),
          merge_duplicate: z.boolean().default(false),
          chroma_key: z.enum(['processed']).nullish(),
          category: z.string().max(50).nullish(),
          created_by_plic_app_id: z.string().max(64).default(APP_SLUG),
        }),
        photoSchema,
      ),
    ),
    async (request, reply) => {
      const album = await findAlbum(request.access, request.params.id);
      const project = await findProject(request.access, album.parent_resource_id);
      const { row, presigned } = await createPhoto(ctx, album.id, project, request.body.photo);
      return reply
        .status(201)
        .send({ photo: await serializePhoto(ctx.storage, row, { presigned_post: presigned }) });
    },
  );

  app.get(
    '/api/photos/:id',
    operation('photo.show', 'One photo with signed addresses', recordById('photo', photoSchema)),
    async (request) => {
      return {
        photo: await serializePhoto(ctx.storage, await findPhoto(request.access, request.params.id)),
      };
    },
  );

  app.patch(
    '/api/photos/:id/verify',
    operation(
      'photo.upload',
      'Start the check of the uploaded bytes (a job: real png/jpeg, whole, within the pixel limit, then thumbnails); 202 while verifying',
      {
        params: idParam,
        response: {
          200: z.object({ photo: photoSchema, merged: z.boolean().optional() }),
          202: z.object({ photo: photoSchema }),
        },
      },
    ),
    async (request, reply) => {
      // A station link verifies the frames of its own live batch only.
      const photo = request.station
        ? await stationOwnPhoto(ctx.db, request, request.params.id)
        : await findPhoto(request.access, request.params.id);
      const answer = await verifyPhotoUpload(ctx, photo);
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.get(
    '/api/photos/:id/thumb',
    operation(
      'photo.show',
      'Redirect to a signed address of a thumbnail (tiny 80 px wide, small 200, large 600 high, full)',
      {
        params: idParam,
        querystring: z.object({ size: z.enum(RENDITIONS).default('small') }).strict(),
        response: { 302: z.null().describe('Redirect to the signed address (Location)') },
      },
    ),
    async (request, reply) => {
      const photo = await findPhoto(request.access, request.params.id);
      if (!photo.renditions_ready_at) throw conflict({ base: ['Thumbnails are not ready yet'] });
      // The full-size picture is a download of the student's photo: in the trail (thumbnails are not).
      if (request.query.size === 'full') {
        const ref = await request.access.find('photo', photo.id);
        await recordAudit(ctx.db, actorOf(request), downloadAudit('photo', ref));
      }
      const url = await ctx.storage.presignGet({
        key: renditionKey(baseOf(photo.storage_key), request.query.size),
        expiresInSeconds: THUMB_EXPIRY_SECONDS,
      });
      return reply.header('Cache-Control', 'private, max-age=300').redirect(url, 302);
    },
  );
  registerAssignmentRoutes(routes, ctx);
  registerCropRoutes(routes, ctx);
  registerImportRoutes(routes, ctx);
}

/** Subject-photo assignments: which photos a subject has, and which is its primary one. */
function registerAssignmentRoutes({ app, operation }: ModuleRoutes, ctx: AppContext) {
  app.post(
    '/api/subject-photo-assignments',
    operation('photo.assign', 'Assign a photo to a subject of the same project, optionally as primary', {
      body: z.object({
        subject_photo_assignment: z.object({
          subject_id: recordId,
          photo_id: recordId,
          is_primary: z.boolean().default(false),
        }),
      }),
      response: { 201: z.object({ subject_photo_assignment: assignmentSchema }) },
    }),
    async (request, reply) => {
      const assigned = await assignPhoto(ctx, request.access, request.body.subject_photo_assignment);
      return reply.status(201).send({ subject_photo_assignment: assigned });
    },
  );

  app.patch(
    '/api/subject-photo-assignments/:id',
    operation(
      'photo.assign',
      'Make an assignment the subject’s primary photo',
      changeById('subject_photo_assignment', z.object({ is_primary: z.literal(true) }), assignmentSchema),
    ),
    async (request) => {
      const row = await findAssignment(request.access, request.params.id);
      await setPrimary(ctx.db, row.subject_id, row.id);
      return { subject_photo_assignment: { ...row, is_primary: true } };
    },
  );

  app.delete(
    '/api/subject-photo-assignments/:id',
    operation('photo.assign', 'Unassign a photo from a subject', deleteById),
    deleteHandler(findAssignment, (row) => unassignPhoto(ctx.db, row.id)),
  );
}

/** Photo crops: named rectangles (fractions of the image), one of them the photo's default. */
function registerCropRoutes({ app, operation }: ModuleRoutes, ctx: AppContext) {
  app.get(
    '/api/photos/:id/photo-crops',
    operation('photo.show', 'Crops of a photo', {
      params: idParam,
      response: { 200: z.object({ photo_crops: z.array(cropSchema) }) },
    }),
    async (request) => {
      const photo = await findPhoto(request.access, request.params.id);
      return { photo_crops: (await cropsOfPhoto(ctx.db, photo.id)).map(serializeCrop) };
    },
  );

  app.post(
    '/api/photos/:id/photo-crops',
    operation(
      'photo.crop',
      'Save a crop (fractions 0..1, each side over 10%); is_default replaces the default',
      createUnderId('photo_crop', cropInput, cropSchema),
    ),
    async (request, reply) => {
      const photo = await findPhoto(request.access, request.params.id);
      return reply
        .status(201)
        .send({ photo_crop: serializeCrop(await saveCrop(ctx, photo.id, request.body.photo_crop)) });
    },
  );

  app.patch(
    '/api/photo-crops/:id',
    operation('photo.crop', 'Change a crop', changeById('photo_crop', cropInput, cropSchema)),
    async (request) => {
      const crop = await findCrop(request.access, request.params.id);
      return {
        photo_crop: serializeCrop(await saveCrop(ctx, crop.photo_id, request.body.photo_crop, crop.id)),
      };
    },
  );

  app.delete(
    '/api/photo-crops/:id',
    operation('photo.crop', 'Delete a crop', deleteById),
    deleteHandler(findCrop, (crop) => deleteCrop(ctx.db, crop.id)),
  );
}

/** Project imports: a batch of photos brought into a project, started and then finished. */
function registerImportRoutes({ app, operation }: ModuleRoutes, ctx: AppContext) {
  app.post(
    '/api/projects/:id/project-imports',
    operation('photo.import', 'Start a photo import into a project', {
      params: idParam,
      response: { 201: z.object({ project_import: importSchema }) },
    }),
    async (request, reply) => {
      const s = sessionOf(request);
      const project = await findProject(request.access, request.params.id);
      const row = await startImport(ctx.db, project.id, s.user.id);
      return reply.status(201).send({ project_import: serializeImport(row) });
    },
  );

  app.patch(
    '/api/project-imports/:id/finish',
    operation(
      'photo.import',
      'Finish a photo import (idempotent: retries are harmless)',
      recordById('project_import', importSchema),
    ),
    async (request) => {
      const started = await request.access.find('project_import', request.params.id);
      return { project_import: serializeImport(await finishImport(ctx.db, started.id)) };
    },
  );
}
