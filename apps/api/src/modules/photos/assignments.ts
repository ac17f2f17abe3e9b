import { recordIdSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { idParam, isRecordId } from '../../http/params.js';
import { visibleOrganizationIds } from '../organizations/access.js';
import { findVisibleProject } from '../projects/service.js';
import { findVisibleSubject } from '../subjects/service.js';
import { findVisiblePhoto } from './service.js';

const recordId = recordIdSchema;
const assignmentSchema = z.object({
  id: z.string(),
  subject_id: z.string(),
  photo_id: z.string(),
  is_primary: z.boolean(),
});

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

/** Subject-photo assignments (primary flag), photo crops and project imports. */
export function registerAssignmentRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  async function findVisibleAssignment(s: ReturnType<typeof sessionOf>, id: string) {
    if (!s.account || !isRecordId(id)) throw notFound();
    const row = await ctx.db
      .selectFrom('subject_photo_assignments as a')
      .innerJoin('subjects as su', 'su.id', 'a.subject_id')
      .innerJoin('projects as p', 'p.id', 'su.project_id')
      .select(['a.id', 'a.subject_id', 'a.photo_id', 'a.is_primary'])
      .where('a.id', '=', id)
      .where('p.organization_id', 'in', visibleOrganizationIds(ctx.db, s.account.organization_id))
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /** One primary photo per subject: setting one unsets the others, in the same transaction. */
  async function setPrimary(subjectId: string, assignmentId: string) {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('subject_photo_assignments')
        .set({ is_primary: false })
        .where('subject_id', '=', subjectId)
        .where('id', '!=', assignmentId)
        .execute();
      await trx
        .updateTable('subject_photo_assignments')
        .set({ is_primary: true })
        .where('id', '=', assignmentId)
        .execute();
    });
  }

  app.post(
    '/api/subject-photo-assignments',
    {
      schema: {
        tags: ['photos'],
        summary: 'Assign a photo to a subject of the same project, optionally as primary',
        body: z.object({
          subject_photo_assignment: z.object({
            subject_id: recordId,
            photo_id: recordId,
            is_primary: z.boolean().default(false),
          }),
        }),
        response: { 201: z.object({ subject_photo_assignment: assignmentSchema }) },
      },
    },
    async (request, reply) => {
      const s = sessionOf(request);
      const body = request.body.subject_photo_assignment;
      const subject = await findVisibleSubject(ctx.db, s, body.subject_id).catch(() => null);
      const photo = await findVisiblePhoto(ctx.db, s, body.photo_id).catch(() => null);
      const errors: Record<string, string[]> = {};
      if (!subject) errors.subject_id = ['is invalid'];
      if (!photo?.upload_verified_at) errors.photo_id = ['is invalid'];
      if (subject && photo && subject.project_id !== photo.project_id)
        errors.photo_id = ['belongs to another project'];
      if (Object.keys(errors).length > 0) throw unprocessable(errors);
      const row = await ctx.db
        .insertInto('subject_photo_assignments')
        .values({ subject_id: subject!.id, photo_id: photo!.id })
        .onConflict((oc) =>
          oc.columns(['subject_id', 'photo_id']).doUpdateSet({ subject_id: sql`excluded.subject_id` }),
        )
        .returning(['id', 'subject_id', 'photo_id', 'is_primary'])
        .executeTakeFirstOrThrow();
      if (body.is_primary) await setPrimary(row.subject_id, row.id);
      return reply
        .status(201)
        .send({ subject_photo_assignment: { ...row, is_primary: body.is_primary || row.is_primary } });
    },
  );

  app.patch(
    '/api/subject-photo-assignments/:id',
    {
      schema: {
        tags: ['photos'],
        summary: 'Make an assignment the subject’s primary photo',
        params: idParam,
        body: z.object({ subject_photo_assignment: z.object({ is_primary: z.literal(true) }) }),
        response: { 200: z.object({ subject_photo_assignment: assignmentSchema }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const row = await findVisibleAssignment(s, request.params.id);
      await setPrimary(row.subject_id, row.id);
      return { subject_photo_assignment: { ...row, is_primary: true } };
    },
  );

  app.delete(
    '/api/subject-photo-assignments/:id',
    {
      schema: {
        tags: ['photos'],
        summary: 'Unassign a photo from a subject',
        params: idParam,
        response: { 200: z.object({}) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const row = await findVisibleAssignment(s, request.params.id);
      await ctx.db.deleteFrom('subject_photo_assignments').where('id', '=', row.id).execute();
      return {};
    },
  );

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

  async function findVisibleCrop(s: ReturnType<typeof sessionOf>, id: string) {
    if (!s.account || !isRecordId(id)) throw notFound();
    const crop = await ctx.db.selectFrom('photo_crops').selectAll().where('id', '=', id).executeTakeFirst();
    if (!crop) throw notFound();
    await findVisiblePhoto(ctx.db, s, crop.photo_id);
    return crop;
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
      schema: {
        tags: ['photos'],
        summary: 'Change a crop',
        params: idParam,
        body: z.object({ photo_crop: cropInput }),
        response: { 200: z.object({ photo_crop: cropSchema }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const crop = await findVisibleCrop(s, request.params.id);
      return { photo_crop: serializeCrop(await saveCrop(crop.photo_id, request.body.photo_crop, crop.id)) };
    },
  );

  app.delete(
    '/api/photo-crops/:id',
    {
      schema: {
        tags: ['photos'],
        summary: 'Delete a crop',
        params: idParam,
        response: { 200: z.object({}) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const crop = await findVisibleCrop(s, request.params.id);
      await ctx.db.deleteFrom('photo_crops').where('id', '=', crop.id).execute();
      return {};
    },
  );

  const importSchema = z.object({
    id: z.string(),
    project_id: z.string(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  });
  const serializeImport = (i: {
    id: string;
    project_id: string;
    created_at: Date;
    finished_at: Date | null;
  }) => ({
    id: i.id,
    project_id: i.project_id,
    created_at: i.created_at.toISOString(),
    finished_at: i.finished_at?.toISOString() ?? null,
  });

  app.post(
    '/api/projects/:id/project-imports',
    {
      schema: {
        tags: ['photos'],
        summary: 'Start a photo import into a project',
        params: idParam,
        response: { 201: z.object({ project_import: importSchema }) },
      },
    },
    async (request, reply) => {
      const s = sessionOf(request);
      const project = await findVisibleProject(ctx.db, s, request.params.id);
      const row = await ctx.db
        .insertInto('project_imports')
        .values({ project_id: project.id, created_by_user_id: s.user.id })
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.status(201).send({ project_import: serializeImport(row) });
    },
  );

  app.patch(
    '/api/project-imports/:id/finish',
    {
      schema: {
        tags: ['photos'],
        summary: 'Finish a photo import (idempotent: retries are harmless)',
        params: idParam,
        response: { 200: z.object({ project_import: importSchema }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      if (!s.account || !isRecordId(request.params.id)) throw notFound();
      const row = await ctx.db
        .updateTable('project_imports')
        .set({ finished_at: sql`coalesce(finished_at, now())` })
        .where('id', '=', request.params.id)
        .where(
          'project_id',
          'in',
          ctx.db
            .selectFrom('projects')
            .select('id')
            .where('organization_id', 'in', visibleOrganizationIds(ctx.db, s.account.organization_id)),
        )
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound();
      return { project_import: serializeImport(row) };
    },
  );
}
