import {
  effectiveLabel,
  mappingToSave,
  ROSTER_MATCH_BY,
  ROSTER_MAX_BYTES,
  ROSTER_MODES,
  readsHiddenFields,
} from '@school-portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { csvResponse, sendCsv } from '../../http/csv.js';
import { conflict, unprocessable } from '../../http/errors.js';
import { idParam, pageFields } from '../../http/params.js';
import { changeById, listUnderId, moduleRoutes, recordById } from '../../http/route.js';
import { uploadFileName } from '../../http/upload-fields.js';
import { uploadKeyFor } from '../../storage/uploads.js';
import { actorOf } from '../audit/record.js';
import { findProject } from '../projects/service.js';
import { ONEROSTER_STUDENT_ID } from './oneroster.js';
import { ROSTER_ENCODINGS } from './parse.js';
import { mappingProblems } from './plan.js';
import {
  deleteImport,
  findImport,
  insertImport,
  listImports,
  saveMapping,
  updateImportSettings,
} from './queries.js';
import { serializeImport, subjectImportSchema } from './serialize.js';
import {
  attachmentForImport,
  importContentType,
  importStorageKey,
  mappingOrganizations,
  projectFields,
  readIntoImport,
  requireOpen,
  runCheck,
  skippedRowsCsv,
  startApply,
  suggestedMappingFor,
  verifyImportUpload,
} from './service.js';

const UPLOAD_EXPIRY_SECONDS = 30 * 60;
const recordId = z.union([z.string().regex(/^\d{1,18}$/), z.number().int().positive()]).transform(String);
const readOptions = {
  encoding: z.enum(ROSTER_ENCODINGS).nullish(),
  sheet_name: z.string().max(200).nullish(),
  /** OneRoster: the users' column that gives the Student ID (`identifier` unless chosen). */
  oneroster_student_id: z.enum(ONEROSTER_STUDENT_ID).optional(),
};
const fieldSchema = z.object({ id: z.string(), field_key: z.string().nullable(), label: z.string() });
const detailSchema = subjectImportSchema.extend({
  suggested_mapping: z.record(z.string(), z.string().nullable()),
  fields: z.array(fieldSchema),
});

/**
 * Roster imports: a CSV/TSV/XLSX file (or a district's OneRoster zip, docs/api.md "OneRoster"), uploaded
 * here or sent for a file request, read into a project's subjects with a mapping, a check of what would
 * change, and an apply job.
 */
export function registerSubjectImportRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['subject-imports']);

  async function visibleImport(request: FastifyRequest, id: string) {
    const ref = await request.access.find('subject_import', id);
    return findImport(ctx.db, ref.id);
  }

  async function detail(request: FastifyRequest, row: Awaited<ReturnType<typeof findImport>>) {
    const s = sessionOf(request);
    const fields = await projectFields(ctx.db, row.project_id);
    const writable = readsHiddenFields(s.abilities) ? fields : fields.filter((f) => f.visible_to_customers);
    return {
      ...serializeImport(row),
      suggested_mapping: row.columns.length
        ? await suggestedMappingFor(ctx.db, row, fields, s.account?.organization_id, row.sample_rows)
        : {},
      fields: writable.map((f) => ({ id: f.id, field_key: f.field_key, label: effectiveLabel(f) })),
    };
  }

  app.post(
    '/api/projects/:id/subject-imports',
    operation(
      'subject-import.create',
      'Start a roster import: a file by presigned POST (then verify), or a verified file-request upload of the project',
      {
        params: idParam,
        body: z
          .object({
            attachment_id: recordId.optional(),
            subject_import: z
              .object({
                attachment_id: recordId.optional(),
                upload_file_name: uploadFileName.optional(),
                // An empty file is refused in words a person can act on (not a bare minimum of 1).
                upload_file_size: z
                  .number()
                  .int()
                  .min(1, 'is empty: choose a file with the roster in it')
                  .max(ROSTER_MAX_BYTES, `must be at most ${ROSTER_MAX_BYTES / 1024 / 1024} MB`)
                  .optional(),
                ...readOptions,
              })
              .optional(),
          })
          .refine((b) => b.attachment_id || b.subject_import, 'give a file or an attachment_id'),
        response: {
          201: z.object({
            subject_import: detailSchema.extend({
              presigned_post: z
                .object({ url: z.string(), fields: z.record(z.string(), z.string()) })
                .optional(),
            }),
          }),
        },
      },
    ),
    async (request, reply) => {
      const s = sessionOf(request);
      const project = await findProject(request.access, request.params.id);
      const body = request.body.subject_import ?? {};
      const attachmentId = request.body.attachment_id ?? body.attachment_id;
      if (attachmentId) {
        await request.access.requireVisible({ attachment_id: { kind: 'attachment', id: attachmentId } });
        const a = await attachmentForImport(ctx.db, attachmentId, project.id);
        const row = await insertImport(ctx.db, {
          project_id: project.id,
          attachment_id: a.id,
          created_by_user_id: s.user.id,
          storage_key: a.storage_key,
          upload_file_name: a.upload_file_name,
          upload_file_size: a.upload_file_size,
          // The attachment's verified bytes only.
          content_sha256: a.content_sha256 ?? null,
        });
        try {
          const read = await readIntoImport(ctx, row, await ctx.storage.read(a.storage_key), {
            encoding: body.encoding,
            sheetName: body.sheet_name,
            studentId: body.oneroster_student_id,
            callerOrganizationId: s.account?.organization_id,
          });
          return reply.status(201).send({ subject_import: await detail(request, read) });
        } catch (error) {
          // A file that can't be read leaves no import behind.
          await deleteImport(ctx.db, row.id);
          throw error;
        }
      }
      if (!body.upload_file_name || !body.upload_file_size)
        throw unprocessable({ upload_file_name: ['is required (or give an attachment_id)'] });
      const contentType = importContentType(body.upload_file_name);
      const key = importStorageKey(project.organization_id, project.id);
      const row = await insertImport(ctx.db, {
        project_id: project.id,
        created_by_user_id: s.user.id,
        storage_key: key,
        upload_file_name: body.upload_file_name,
        upload_file_size: body.upload_file_size,
        encoding: body.encoding ?? null,
        sheet_name: body.sheet_name ?? null,
        ...(body.oneroster_student_id ? { oneroster_student_id: body.oneroster_student_id } : {}),
      });
      const presigned = await ctx.storage.presignPost({
        key: uploadKeyFor(key),
        contentType,
        maxBytes: body.upload_file_size,
        expiresInSeconds: UPLOAD_EXPIRY_SECONDS,
      });
      return reply
        .status(201)
        .send({ subject_import: { ...(await detail(request, row)), presigned_post: presigned } });
    },
  );

  app.patch(
    '/api/subject-imports/:id/verify',
    operation(
      'subject-import.create',
      'Take the uploaded roster and read it (422 with the row and reason when it cannot be read)',
      {
        params: idParam,
        body: z.object({ subject_import: z.object(readOptions).optional() }).nullish(),
        response: { 200: z.object({ subject_import: detailSchema }) },
      },
    ),
    async (request) => {
      const s = sessionOf(request);
      const row = await visibleImport(request, request.params.id);
      if (row.status !== 'uploading') return { subject_import: await detail(request, row) };
      const options = request.body?.subject_import ?? {};
      const read = await verifyImportUpload(ctx, row, {
        encoding: options.encoding ?? (row.encoding as never),
        sheetName: options.sheet_name ?? row.sheet_name,
        studentId: options.oneroster_student_id,
        callerOrganizationId: s.account?.organization_id,
      });
      return { subject_import: await detail(request, read) };
    },
  );

  app.get(
    '/api/subject-imports/:id',
    operation(
      'subject-import.show',
      'A roster import: columns, sample rows, suggested mapping, check, progress and report',
      recordById('subject_import', detailSchema),
    ),
    async (request) => ({
      subject_import: await detail(request, await visibleImport(request, request.params.id)),
    }),
  );

  app.patch(
    '/api/subject-imports/:id',
    operation(
      'subject-import.update',
      'Set the mapping ({column: field id or null to skip}), match_by, mode; save_mapping keeps it for the organization',
      changeById(
        'subject_import',
        z
          .object({
            mapping: z.record(z.string().max(300), recordId.nullable()).optional(),
            match_by: z.enum(ROSTER_MATCH_BY).optional(),
            mode: z.enum(ROSTER_MODES).optional(),
            skip_invalid_rows: z.boolean().optional(),
            save_mapping: z.boolean().optional(),
            ...readOptions,
          })
          .strict(),
        detailSchema,
      ),
    ),
    async (request) => {
      const s = sessionOf(request);
      let row = await visibleImport(request, request.params.id);
      requireOpen(row);
      if (row.status === 'applying' || row.status === 'applied')
        throw conflict({ base: ['this import has already been applied'] });
      const b = request.body.subject_import;
      const fields = await projectFields(ctx.db, row.project_id);
      // Another sheet, encoding or Student ID column: read the file again (the mapping is suggested afresh).
      if (
        (b.sheet_name !== undefined && b.sheet_name !== row.sheet_name) ||
        (b.encoding !== undefined && b.encoding !== row.encoding) ||
        (b.oneroster_student_id !== undefined && b.oneroster_student_id !== row.oneroster_student_id)
      ) {
        row = await readIntoImport(ctx, row, await ctx.storage.read(row.storage_key), {
          encoding: b.encoding === undefined ? (row.encoding as never) : b.encoding,
          sheetName: b.sheet_name === undefined ? row.sheet_name : b.sheet_name,
          studentId: b.oneroster_student_id,
          callerOrganizationId: s.account?.organization_id,
        });
      }
      const mapping = b.mapping
        ? { ...Object.fromEntries(row.columns.map((c) => [c, null])), ...b.mapping }
        : row.mapping;
      const matchBy = b.match_by ?? row.match_by;
      const problems = b.mapping ? mappingProblems(row.columns, mapping, fields, matchBy) : null;
      if (problems) throw unprocessable(problems);
      const updated = await updateImportSettings(ctx.db, row.id, {
        mapping,
        match_by: matchBy,
        mode: b.mode ?? row.mode,
        skip_invalid_rows: b.skip_invalid_rows ?? row.skip_invalid_rows,
      });
      if (b.save_mapping) {
        await saveMapping(
          ctx.db,
          await mappingOrganizations(ctx.db, row.project_id, s.account?.organization_id),
          mappingToSave(mapping, fields),
        );
      }
      return { subject_import: await detail(request, updated) };
    },
  );

  app.post(
    '/api/subject-imports/:id/check',
    operation(
      'subject-import.check',
      'What the import would do: rows created, updated (with the changes), unchanged; row errors',
      recordById('subject_import', detailSchema),
    ),
    async (request) => {
      const s = sessionOf(request);
      const row = await visibleImport(request, request.params.id);
      const checked = await runCheck(ctx, row, readsHiddenFields(s.abilities));
      return { subject_import: await detail(request, checked) };
    },
  );

  app.post(
    '/api/subject-imports/:id/apply',
    operation(
      'subject-import.apply',
      'Apply a checked import as a job (progress on the import); refused while rows have errors unless skipped',
      {
        params: idParam,
        body: z
          .object({
            subject_import: z.object({ skip_invalid_rows: z.boolean().optional() }).strict().optional(),
          })
          .nullish(),
        response: { 202: z.object({ subject_import: detailSchema }) },
      },
    ),
    async (request, reply) => {
      const s = sessionOf(request);
      const owner = await request.access.find('subject_import', request.params.id);
      const row = await findImport(ctx.db, owner.id);
      const skip = request.body?.subject_import?.skip_invalid_rows ?? row.skip_invalid_rows;
      if (row.status === 'expired') requireOpen(row);
      if ((row.status !== 'checked' && row.status !== 'failed') || !row.check_report)
        throw conflict({
          base: [
            row.status === 'applying' || row.status === 'applied'
              ? 'this import has already been applied'
              : 'check the import before applying it',
          ],
        });
      const errors = (row.check_report as { error_count?: number } | null)?.error_count ?? 0;
      if (errors > 0 && !skip)
        throw unprocessable({
          base: [`${errors} rows have errors: fix the file, or choose to skip those rows`],
        });
      const started = await startApply(ctx, actorOf(request), row, {
        skip,
        canWriteHidden: readsHiddenFields(s.abilities),
        ownerOrganizationId: owner.organization_id,
      });
      return reply.status(202).send({ subject_import: await detail(request, started) });
    },
  );

  app.get(
    '/api/subject-imports/:id/skipped-rows',
    operation(
      'subject-import.show',
      'The rows an applied import skipped, with why, as CSV (cells neutralized against formulas)',
      { params: idParam, response: csvResponse },
    ),
    async (request, reply) => {
      const row = await visibleImport(request, request.params.id);
      if (row.status !== 'applied') throw conflict({ base: ['this import has not been applied'] });
      const csv = await skippedRowsCsv(ctx.storage, row);
      const base = row.upload_file_name.replace(/\.[^.]*$/, '');
      return sendCsv(reply, `${base} - skipped rows.csv`, `\uFEFF${csv}`);
    },
  );

  app.get(
    '/api/projects/:id/subject-imports',
    operation(
      'subject-import.list',
      'The roster imports of a project, newest first (paged)',
      listUnderId('subject_imports', subjectImportSchema, z.object(pageFields(20, 100)).strict()),
    ),
    async (request) => {
      const project = await findProject(request.access, request.params.id);
      const { rows, meta } = await listImports(ctx.db, project.id, request.query);
      return { subject_imports: rows.map(serializeImport), meta };
    },
  );
}
