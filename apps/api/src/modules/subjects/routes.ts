import { isoDateTimeSchema, subjectFormSchema, subjectSelectionSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { unprocessable } from '../../http/errors.js';
import { idParam, pageOf, pageQuery } from '../../http/params.js';
import { changeById, createUnderId, moduleRoutes } from '../../http/route.js';
import { actorOf } from '../audit/record.js';
import { isPhotoOfSubject } from '../photos/queries.js';
import { subjectPhotoSchema } from '../photos/serialize.js';
import { photosOfSubject } from '../photos/service.js';
import { ROSTER_ENCODINGS } from '../subject-imports/parse.js';
import { passedPoseDeadline } from '../yearbook-deliveries/queries.js';
import { todayUtc } from '../yearbook-deliveries/serialize.js';
import { poseDeadlinePassed } from '../yearbook-deliveries/service.js';
import { setSelectionConsent, updateSubjectAndConsent } from './consent.js';
import { consentImportSchema, importConsent } from './consent-import.js';
import { deleteSubjectWithPhotos } from './delete.js';
import { type GridSort, gridPage } from './grid.js';
import {
  countMatchingSubjects,
  createSubject,
  gridFilterCondition,
  matchingSubjectIds,
  searchSubjects,
} from './queries.js';
import { resolveSelection } from './selection.js';
import {
  findSubject,
  loadProjectFields,
  type ProjectFields,
  primaryThumbnails,
  projectFieldsById,
  serializeSubject,
  withPrimaryThumbnails,
} from './service.js';

export const subjectSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  properties: z.record(z.string(), z.string()),
  mapped_properties: z.record(z.string(), z.string()),
  display_name: z.string(),
  full_name: z.string(),
  reverse_full_name: z.string(),
  grade: z.string().nullable(),
  photos_count: z.number(),
  primary_photo_id: z.string().nullable(),
  primary_photo_thumbnails: z.record(z.string(), z.string().nullable()).nullable(),
  yearbook_photo_id: z.string().nullable(),
  /** The camera card's code (migration 0026): random, unique in the project, no personal data. */
  card_code: z.string(),
  /** Consent (migration 0030), set by the school: left off composites and the subject directory. */
  directory_opt_out: z.boolean(),
  /** Consent (migration 0030), set by the school: left out of yearbook formats. */
  yearbook_opt_out: z.boolean(),
  photos: z.array(subjectPhotoSchema).optional(),
  created_by_plic_app_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

const fieldId = z.string().regex(/^\d{1,18}$/);
const gridQuery = z
  .object({
    ...pageQuery,
    limit: z.coerce.number().int().min(1).max(500).default(12),
    keyword: z.string().trim().max(200).optional(),
    'filter[field_1]': fieldId.optional(),
    'filter[value_1]': z.string().max(1000).optional(),
    'filter[field_2]': fieldId.optional(),
    'filter[value_2]': z.string().max(1000).optional(),
    images: z.enum(['any', 'with', 'without', 'retake']).default('any'),
    added_since: isoDateTimeSchema.optional(),
    sort: z
      .union([z.enum(['reverse_full_name', 'full_name', 'created_at']), z.string().regex(/^field:\d{1,18}$/)])
      .default('created_at'),
    direction: z.enum(['asc', 'desc']).default('asc'),
    ids_only: z.enum(['true', 'false']).optional(),
  })
  .strict();

/** Rejects values for fields the project doesn't have, or that the caller may not see. */
function checkProperties(pf: ProjectFields, properties: Record<string, string>) {
  const allowed = new Set(pf.fields.map((f) => f.id));
  const unknown = Object.keys(properties).filter((id) => !allowed.has(id));
  if (unknown.length > 0)
    throw unprocessable(
      Object.fromEntries(unknown.map((id) => [`properties.${id}`, ['is not a field of this project']])),
    );
}

export function registerSubjectRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['subjects']);

  app.post(
    '/api/projects/:id/subject-selection',
    operation(
      'subject.list',
      'Resolve a subject selection (grid filter, plus included ids, minus excluded ids): its count, and ids on request',
      {
        params: idParam,
        body: subjectSelectionSchema.extend({ ids: z.boolean().optional() }),
        response: {
          200: z.object({
            selection: z.object({ count: z.number(), subject_ids: z.array(z.string()).optional() }),
          }),
        },
      },
    ),
    async (request) => {
      const s = sessionOf(request);
      const pf = await loadProjectFields(request.access, s, request.params.id);
      const { ids, ...selection } = request.body;
      return { selection: await resolveSelection(ctx.db, pf, selection, ids) };
    },
  );

  app.post(
    '/api/projects/:id/subject-consents',
    operation(
      'subject.set-consent',
      'Set or clear consent (directory information opt-out, leave out of the yearbook) for a selection of subjects; school staff only',
      {
        params: idParam,
        body: z
          .object({
            selection: subjectSelectionSchema,
            directory_opt_out: z.boolean().optional(),
            yearbook_opt_out: z.boolean().optional(),
          })
          .strict(),
        response: { 200: z.object({ subject_consents: z.object({ changed: z.number() }) }) },
      },
    ),
    async (request) => {
      const s = sessionOf(request);
      const pf = await loadProjectFields(request.access, s, request.params.id);
      const { selection, ...flags } = request.body;
      const changed = await setSelectionConsent(ctx.db, actorOf(request), pf, selection, flags);
      return { subject_consents: { changed } };
    },
  );

  app.post(
    '/api/projects/:id/subject-consent-imports',
    operation(
      'subject.set-consent',
      "Read consent from the school's own file (a verified CSV, TSV or XLSX of the project's files) matched by Student ID; with apply, set the flags; school staff only",
      {
        params: idParam,
        body: z
          .object({
            consent_import: z
              .object({
                attachment_id: z.string().regex(/^\d{1,18}$/, 'is invalid'),
                student_id_column: z.string().max(255).nullish(),
                directory_opt_out_column: z.string().max(255).nullish(),
                yearbook_opt_out_column: z.string().max(255).nullish(),
                sheet_name: z.string().max(200).optional(),
                encoding: z.enum(ROSTER_ENCODINGS).optional(),
              })
              .strict(),
            apply: z.boolean().default(false),
          })
          .strict(),
        response: { 200: z.object({ consent_import: consentImportSchema }) },
      },
    ),
    async (request) => {
      const pf = await loadProjectFields(request.access, sessionOf(request), request.params.id);
      const { consent_import: input, apply } = request.body;
      await request.access.requireVisible({ attachment_id: { kind: 'attachment', id: input.attachment_id } });
      const report = await importConsent(ctx, actorOf(request), pf, input, apply);
      return { consent_import: report };
    },
  );

  app.get(
    '/api/projects/:id/subjects',
    operation(
      'subject.list',
      'The subjects grid: field filters (Any/Blank), images, keyword, added since, sort; 12 a page',
      {
        params: idParam,
        querystring: gridQuery,
        response: {
          200: z.union([
            pageOf('subjects', subjectSchema),
            z.object({ subject_ids: z.array(z.string()), meta: z.object({ total: z.number() }) }),
          ]),
        },
      },
    ),
    async (request) => {
      const s = sessionOf(request);
      const pf = await loadProjectFields(request.access, s, request.params.id);
      const q = request.query;
      const where = gridFilterCondition(pf, {
        keyword: q.keyword,
        field_1: q['filter[field_1]'],
        value_1: q['filter[value_1]'],
        field_2: q['filter[field_2]'],
        value_2: q['filter[value_2]'],
        images: q.images,
        added_since: q.added_since,
      });
      if (q.ids_only === 'true') {
        const ids = await matchingSubjectIds(ctx.db, pf.project.id, where);
        return { subject_ids: ids, meta: { total: ids.length } };
      }

      const { rows, total: pageTotal } = await gridPage(ctx.db, ctx.gridPages, pf, where, {
        sort: q.sort as GridSort,
        direction: q.direction,
        page: q.page,
        limit: q.limit,
      });
      const total = pageTotal ?? (q.page > 1 ? await countMatchingSubjects(ctx.db, pf.project.id, where) : 0);
      return {
        subjects: await Promise.all(
          rows.map(async (r) => ({
            ...serializeSubject(r, pf),
            primary_photo_thumbnails: await primaryThumbnails(ctx.storage, {
              storage_key: r.primary_photo_storage_key,
              renditions_ready_at: r.primary_photo_renditions_ready_at,
            }),
          })),
        ),
        meta: { page: q.page, limit: q.limit, total },
      };
    },
  );

  app.get(
    '/api/projects/:id/subjects/search',
    operation('subject.list', 'Keyword search over the subjects of a project (first 50 matches)', {
      params: idParam,
      querystring: z.object({ q: z.string().trim().min(1).max(200) }).strict(),
      response: { 200: z.object({ subjects: z.array(subjectSchema) }) },
    }),
    async (request) => {
      const s = sessionOf(request);
      const pf = await loadProjectFields(request.access, s, request.params.id);
      if (pf.fields.length === 0) return { subjects: [] };
      const rows = await searchSubjects(ctx.db, pf, request.query.q);
      return {
        subjects: await withPrimaryThumbnails(
          ctx.db,
          ctx.storage,
          rows.map((r) => serializeSubject(r, pf)),
        ),
      };
    },
  );

  app.post(
    '/api/projects/:id/subjects',
    operation(
      'subject.create',
      'Add a subject with values for the project’s fields (customers: visible fields only)',
      createUnderId('subject', subjectFormSchema, subjectSchema),
    ),
    async (request, reply) => {
      const s = sessionOf(request);
      const pf = await loadProjectFields(request.access, s, request.params.id);
      const properties = request.body.subject.properties;
      checkProperties(pf, properties);
      const row = await createSubject(ctx.db, pf.project.id, properties);
      return reply
        .status(201)
        .send({ subject: { ...serializeSubject(row, pf), primary_photo_thumbnails: null } });
    },
  );

  app.get(
    '/api/subjects/:id',
    operation(
      'subject.show',
      'One subject; with include_photos, its photos (primary first) with their assignments',
      {
        params: idParam,
        querystring: z.object({ include_photos: z.enum(['true', 'false']).optional() }).strict(),
        response: { 200: z.object({ subject: subjectSchema }) },
      },
    ),
    async (request) => {
      const s = sessionOf(request);
      const row = await findSubject(request.access, request.params.id);
      // Its project is in view with it: no second lookup.
      const pf = await projectFieldsById(ctx.db, s, row.project_id);
      const serialized = serializeSubject(row, pf);
      if (request.query.include_photos !== 'true') {
        const [subject] = await withPrimaryThumbnails(ctx.db, ctx.storage, [serialized]);
        return { subject: subject! };
      }
      const photos = await photosOfSubject(ctx.db, ctx.storage, row.id);
      // The primary photo is usually among them, already signed: its thumbnails need no other query.
      const primary = photos.find((p) => p.id === row.primary_photo_id);
      const [subject] = primary
        ? [
            {
              ...serialized,
              primary_photo_thumbnails:
                primary.thumbnails.tiny && primary.thumbnails.small
                  ? { tiny: primary.thumbnails.tiny, small: primary.thumbnails.small }
                  : null,
            },
          ]
        : await withPrimaryThumbnails(ctx.db, ctx.storage, [serialized]);
      return { subject: { ...subject!, photos } };
    },
  );

  app.patch(
    '/api/subjects/:id',
    operation(
      'subject.update',
      'Change a subject’s values (merged; hidden values are kept as they are) or its yearbook photo (422 under `yearbook_photo_id` once a pose deadline of the project’s yearbook targets has passed, for every caller)',
      changeById(
        'subject',
        subjectFormSchema.partial().extend({
          yearbook_photo_id: z
            .string()
            .regex(/^\d{1,18}$/, 'is invalid')
            .nullable()
            .optional(),
          // Consent: the school's to set (subject.set-consent); 403 for anyone else who sends them.
          directory_opt_out: z.boolean().optional(),
          yearbook_opt_out: z.boolean().optional(),
        }),
        subjectSchema,
      ),
    ),
    async (request) => {
      const s = sessionOf(request);
      const {
        properties: changes = {},
        yearbook_photo_id: yearbook,
        directory_opt_out,
        yearbook_opt_out,
      } = request.body.subject;
      const consent = { directory_opt_out, yearbook_opt_out };
      const setsConsent = directory_opt_out !== undefined || yearbook_opt_out !== undefined;
      const row = await findSubject(
        request.access,
        request.params.id,
        setsConsent ? 'subject.set-consent' : undefined,
      );
      const pf = await projectFieldsById(ctx.db, s, row.project_id);
      checkProperties(pf, changes);
      if (yearbook) {
        // The yearbook photo is one of the subject's own photos.
        if (!(await isPhotoOfSubject(ctx.db, row.id, yearbook)))
          throw unprocessable({ yearbook_photo_id: ['is not a photo of this subject'] });
      }
      if (yearbook !== undefined) {
        // As through a target's pose route: the choice closes at the project's first pose deadline.
        const passed = await passedPoseDeadline(ctx.db, row.project_id, todayUtc());
        if (passed) throw poseDeadlinePassed(passed, 'yearbook_photo_id');
      }
      const updated = await updateSubjectAndConsent(ctx.db, actorOf(request), pf.project, row.id, {
        changes,
        yearbook,
        consent,
      });
      const [subject] = await withPrimaryThumbnails(ctx.db, ctx.storage, [serializeSubject(updated, pf)]);
      return { subject: subject! };
    },
  );

  app.delete(
    '/api/subjects/:id',
    operation('subject.delete', 'Delete a subject', {
      params: idParam,
      response: { 200: z.object({}) },
    }),
    async (request) => {
      const ref = await request.access.find('subject', request.params.id);
      await deleteSubjectWithPhotos(ctx, actorOf(request), ref as typeof ref & { project_id: string });
      return {};
    },
  );
}
