import { APP_SLUG, recordIdSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { conflict } from '../../http/errors.js';
import { idParam, listMeta, pageQuery } from '../../http/params.js';
import { RENDITIONS } from '../../images/images.js';
import { Access } from '../access/visibility.js';
import { actorOf, recordAudit } from '../audit/record.js';
import { findVisibleProject } from '../projects/service.js';
import { photoSchema } from './serialize.js';
import {
  baseOf,
  findVisiblePhoto,
  MAX_PHOTO_BYTES,
  originalKey,
  PHOTO_TYPES,
  photoKeyBase,
  photoUploadKey,
  renditionKey,
  selectPhotos,
  serializePhoto,
  THUMB_EXPIRY_SECONDS,
  UPLOAD_EXPIRY_SECONDS,
  verifyPhotoUpload,
} from './service.js';

const recordId = recordIdSchema;
const albumSchema = z.object({
  id: z.string(),
  name: z.string(),
  tags: z.array(z.string()),
  parent_resource_type: z.string(),
  parent_resource_id: z.string(),
  created_at: z.string(),
});

export function registerPhotoRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  async function findVisibleAlbum(s: ReturnType<typeof sessionOf>, id: string) {
    const ref = await new Access(ctx.db, s).findVisible('album', id);
    return ctx.db.selectFrom('albums').selectAll().where('id', '=', ref.id).executeTakeFirstOrThrow();
  }
  const serializeAlbum = (a: {
    id: string;
    name: string;
    tags: string[];
    parent_resource_type: string;
    parent_resource_id: string;
    created_at: Date;
  }) => ({
    ...a,
    created_at: a.created_at.toISOString(),
  });

  app.get(
    '/api/albums',
    {
      config: { action: 'photo.list' },
      schema: {
        tags: ['photos'],
        summary: 'Albums of a project, optionally by tag',
        querystring: z
          .object({
            tag: z.string().max(100).optional(),
            parent_resource_type: z.literal('Project'),
            parent_resource_id: z.string().regex(/^\d{1,18}$/),
          })
          .strict(),
        response: { 200: z.object({ albums: z.array(albumSchema) }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const project = await findVisibleProject(ctx.db, s, request.query.parent_resource_id);
      let query = ctx.db
        .selectFrom('albums')
        .selectAll()
        .where('parent_resource_id', '=', project.id)
        .orderBy('id');
      if (request.query.tag)
        query = query.where((eb) => eb(eb.val(request.query.tag!), '=', eb.fn.any('tags')));
      return { albums: (await query.execute()).map(serializeAlbum) };
    },
  );

  app.post(
    '/api/albums',
    {
      config: { action: 'photo.upload' },
      schema: {
        tags: ['photos'],
        summary: 'Create a project album (the subject-photo album is named and tagged by the web app)',
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
    },
    async (request, reply) => {
      const s = sessionOf(request);
      const body = request.body.album;
      await request.access.requireVisible({
        parent_resource_id: { kind: 'project', id: body.parent_resource_id },
      });
      const project = await findVisibleProject(ctx.db, s, body.parent_resource_id);
      const album = await ctx.db
        .insertInto('albums')
        .values({
          name: body.name,
          tags: body.tags,
          parent_resource_type: 'Project',
          parent_resource_id: project.id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.status(201).send({ album: serializeAlbum(album) });
    },
  );

  app.get(
    '/api/albums/:id/photos',
    {
      config: { action: 'photo.list' },
      schema: {
        tags: ['photos'],
        summary: 'Verified photos of an album, a page at a time (each photo carries signed addresses)',
        params: idParam,
        querystring: z.object({
          ...pageQuery,
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
        response: { 200: z.object({ photos: z.array(photoSchema), meta: listMeta }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const album = await findVisibleAlbum(s, request.params.id);
      const { page, limit } = request.query;
      const verified = selectPhotos(ctx.db)
        .where('ph.album_id', '=', album.id)
        .where('ph.upload_verified_at', 'is not', null);
      const [rows, total] = await Promise.all([
        verified
          .orderBy('ph.id')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        ctx.db
          .selectFrom('photos')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('album_id', '=', album.id)
          .where('upload_verified_at', 'is not', null)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        photos: await Promise.all(rows.map((p) => serializePhoto(ctx.storage, p))),
        meta: { page, limit, total: total.n },
      };
    },
  );

  app.post(
    '/api/albums/:id/photos',
    {
      config: { action: 'photo.upload' },
      schema: {
        tags: ['photos'],
        summary: 'Create a photo record and get its presigned upload (png or jpeg, size limited)',
        params: idParam,
        body: z.object({
          photo: z.object({
            upload_file_name: z.string().trim().min(1).max(255),
            upload_file_size: z
              .number()
              .int()
              .min(1)
              .max(MAX_PHOTO_BYTES, `must be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB`),
            upload_content_type: z.enum(PHOTO_TYPES, 'must be image/png or image/jpeg'),
            subject_ids: z.array(recordId).max(100).optional(),
            tags: z.array(z.string().max(100)).max(20).default([]),
            merge_duplicate: z.boolean().default(false),
            chroma_key: z.enum(['processed']).nullish(),
            category: z.string().max(50).nullish(),
            created_by_plic_app_id: z.string().max(64).default(APP_SLUG),
          }),
        }),
        response: { 201: z.object({ photo: photoSchema }) },
      },
    },
    async (request, reply) => {
      const s = sessionOf(request);
      const album = await findVisibleAlbum(s, request.params.id);
      const project = await findVisibleProject(ctx.db, s, album.parent_resource_id);
      const p = request.body.photo;
      const base = photoKeyBase(project.organization_id, project.id);
      const created = await ctx.db
        .insertInto('photos')
        .values({
          album_id: album.id,
          storage_key: originalKey(base),
          upload_file_name: p.upload_file_name,
          upload_file_size: p.upload_file_size,
          upload_content_type: p.upload_content_type,
          tags: p.tags,
          merge_duplicate: p.merge_duplicate,
          chroma_key: p.chroma_key ?? null,
          category: p.category ?? null,
          created_by_plic_app_id: p.created_by_plic_app_id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const presigned = await ctx.storage.presignPost({
        key: photoUploadKey(base),
        contentType: p.upload_content_type,
        maxBytes: p.upload_file_size,
        expiresInSeconds: UPLOAD_EXPIRY_SECONDS,
      });
      const row = await selectPhotos(ctx.db).where('ph.id', '=', created.id).executeTakeFirstOrThrow();
      return reply
        .status(201)
        .send({ photo: await serializePhoto(ctx.storage, row, { presigned_post: presigned }) });
    },
  );

  app.get(
    '/api/photos/:id',
    {
      config: { action: 'photo.show' },
      schema: {
        tags: ['photos'],
        summary: 'One photo with signed addresses',
        params: idParam,
        response: { 200: z.object({ photo: photoSchema }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      return {
        photo: await serializePhoto(ctx.storage, await findVisiblePhoto(ctx.db, s, request.params.id)),
      };
    },
  );

  app.patch(
    '/api/photos/:id/verify',
    {
      config: { action: 'photo.upload' },
      schema: {
        tags: ['photos'],
        summary:
          'Start the check of the uploaded bytes (a job: real png/jpeg, whole, within the pixel limit, then thumbnails); 202 while verifying',
        params: idParam,
        response: {
          200: z.object({ photo: photoSchema, merged: z.boolean().optional() }),
          202: z.object({ photo: photoSchema }),
        },
      },
    },
    async (request, reply) => {
      const s = sessionOf(request);
      const answer = await verifyPhotoUpload(ctx, await findVisiblePhoto(ctx.db, s, request.params.id));
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.get(
    '/api/photos/:id/thumb',
    {
      config: { action: 'photo.show' },
      schema: {
        tags: ['photos'],
        summary:
          'Redirect to a signed address of a thumbnail (tiny 80 px wide, small 200, large 600 high, full)',
        params: idParam,
        querystring: z.object({ size: z.enum(RENDITIONS).default('small') }).strict(),
        response: { 302: z.null().describe('Redirect to the signed address (Location)') },
      },
    },
    async (request, reply) => {
      const s = sessionOf(request);
      const photo = await findVisiblePhoto(ctx.db, s, request.params.id);
      if (!photo.renditions_ready_at) throw conflict({ base: ['Thumbnails are not ready yet'] });
      // The full-size picture is a download of the student's photo: in the trail (thumbnails are not).
      if (request.query.size === 'full') {
        const ref = await request.access.findVisible('photo', photo.id);
        await recordAudit(ctx.db, actorOf(request), {
          action: 'photo.download',
          recordType: 'photo',
          recordId: photo.id,
          projectId: ref.project_id,
          ownerOrganizationId: ref.organization_id,
        });
      }
      const url = await ctx.storage.presignGet({
        key: renditionKey(baseOf(photo.storage_key), request.query.size),
        expiresInSeconds: THUMB_EXPIRY_SECONDS,
      });
      return reply.header('Cache-Control', 'private, max-age=300').redirect(url, 302);
    },
  );
}
