import { recordIdSchema } from '@school-portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { requireWritten, unprocessable } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { findVisibleSubject } from '../subjects/service.js';
import { findVisiblePhoto } from './service.js';

const recordId = recordIdSchema;
const assignmentSchema = z.object({
  id: z.string(),
  subject_id: z.string(),
  photo_id: z.string(),
  is_primary: z.boolean(),
});

/** Subject-photo assignments: which photos a subject has, and which is its primary one. */
export function registerAssignmentRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  async function findVisibleAssignment(request: FastifyRequest, id: string) {
    const ref = await request.access.findVisible('assignment', id);
    return ctx.db
      .selectFrom('subject_photo_assignments as a')
      .select(['a.id', 'a.subject_id', 'a.photo_id', 'a.is_primary'])
      .where('a.id', '=', ref.id)
      .executeTakeFirstOrThrow();
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
      // Unassigned meanwhile by a concurrent request: gone (404), and the subject keeps its primary.
      requireWritten(
        await trx
          .updateTable('subject_photo_assignments')
          .set({ is_primary: true })
          .where('id', '=', assignmentId)
          .executeTakeFirst(),
      );
    });
  }

  app.post(
    '/api/subject-photo-assignments',
    {
      config: { action: 'photo.assign' },
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
      config: { action: 'photo.assign' },
      schema: {
        tags: ['photos'],
        summary: 'Make an assignment the subject’s primary photo',
        params: idParam,
        body: z.object({ subject_photo_assignment: z.object({ is_primary: z.literal(true) }) }),
        response: { 200: z.object({ subject_photo_assignment: assignmentSchema }) },
      },
    },
    async (request) => {
      const row = await findVisibleAssignment(request, request.params.id);
      await setPrimary(row.subject_id, row.id);
      return { subject_photo_assignment: { ...row, is_primary: true } };
    },
  );

  app.delete(
    '/api/subject-photo-assignments/:id',
    {
      config: { action: 'photo.assign' },
      schema: {
        tags: ['photos'],
        summary: 'Unassign a photo from a subject',
        params: idParam,
        response: { 200: z.object({}) },
      },
    },
    async (request) => {
      const row = await findVisibleAssignment(request, request.params.id);
      requireWritten(
        await ctx.db.deleteFrom('subject_photo_assignments').where('id', '=', row.id).executeTakeFirst(),
      );
      return {};
    },
  );
}
