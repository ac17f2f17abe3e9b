import { DEFAULT_DUPLICATE_FIELDS, duplicateSearchSchema, recordIdSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { idParam } from '../../http/params.js';
import { moduleRoutes } from '../../http/route.js';
import { actorOf } from '../audit/record.js';
import { subjectRowById } from '../subjects/queries.js';
import { subjectSchema } from '../subjects/routes.js';
import {
  loadProjectFields,
  projectFieldsById,
  serializeSubject,
  withPrimaryThumbnails,
} from '../subjects/service.js';
import { checkMergedIds, MAX_MERGED_SUBJECTS, mergeSubjects } from './merge.js';
import { findDuplicateGroups } from './service.js';

export function registerDuplicateRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['subjects']);
  app.post(
    '/api/projects/:id/duplicate-subjects',
    operation(
      'subject.find-duplicates',
      'Groups of selected subjects whose chosen fields match (case and surrounding spaces ignored, blanks never match); fields default to First Name, Last Name, Student ID',
      {
        params: idParam,
        body: duplicateSearchSchema,
        response: {
          200: z.object({
            duplicate_groups: z.array(
              z.object({ values: z.record(z.string(), z.string()), subjects: z.array(subjectSchema) }),
            ),
          }),
        },
      },
    ),
    async (request) => {
      const s = sessionOf(request);
      const pf = await loadProjectFields(request.access, s, request.params.id);
      const { fields, ...selection } = request.body;
      const groups = await findDuplicateGroups(
        ctx.db,
        ctx.storage,
        pf,
        fields ?? [...DEFAULT_DUPLICATE_FIELDS],
        selection,
      );
      return { duplicate_groups: groups };
    },
  );

  app.post(
    '/api/subjects/:id/merge',
    operation(
      'subject.merge',
      'Keep this subject and merge duplicates into it: their photos move to it, their values fill its blanks (never overwriting one), then they are deleted (recorded in the activity trail; only a new import brings them back)',
      {
        params: idParam,
        body: z.object({
          merged_subject_ids: z.array(recordIdSchema).min(1).max(MAX_MERGED_SUBJECTS),
        }),
        response: {
          200: z.object({
            subject: subjectSchema,
            merged_subject_ids: z.array(z.string()),
            moved_photo_ids: z.array(z.string()),
          }),
        },
      },
    ),
    async (request) => {
      const s = sessionOf(request);
      const ref = await request.access.find('subject', request.params.id);
      const kept = { id: ref.id, project_id: ref.project_id!, organization_id: ref.organization_id };
      const mergedIds = await checkMergedIds(ctx.db, request.access, kept, request.body.merged_subject_ids);
      const { movedPhotoIds } = await mergeSubjects(ctx.db, actorOf(request), kept, mergedIds);
      // Answered as the caller may see it: hidden values were merged, but are not shown to who may not read them.
      const pf = await projectFieldsById(ctx.db, s, kept.project_id);
      const row = await subjectRowById(ctx.db, kept.id);
      const [subject] = await withPrimaryThumbnails(ctx.db, ctx.storage, [serializeSubject(row, pf)]);
      return { subject: subject!, merged_subject_ids: mergedIds, moved_photo_ids: movedPhotoIds };
    },
  );
}
