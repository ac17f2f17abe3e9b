import { CHECK_CODES, can, type HeadSizeRule } from '@school-portal/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import type { PageRequest } from '../../../db/paging.js';
import { sessionOf } from '../../../http/auth.js';
import { saveHeadSizeRule } from '../../projects/queries.js';
import { loadProjectFields, projectFieldsById } from '../../subjects/service.js';
import { flaggedPhotos, type ReviewState, reviewCounts, reviewPhoto, reviewRowOf } from './queries.js';
import { serializePhotoCheck } from './serialize.js';

/** The fields a class is named by (docs/api.md "Photo checks": `class`). */
const CLASS_FIELD_KEYS = new Set(['teacher', 'grade', 'home_room']);

/**
 * The review list: a project's photos by state (open by default), flag and class, by id, a page at a time,
 * with the project's counts. Subjects' names and the class are read from the fields the caller may see.
 */
export async function projectPhotoChecks(
  ctx: AppContext,
  request: FastifyRequest,
  projectId: string,
  query: PageRequest & { code?: string | undefined; class?: string | undefined; state: ReviewState },
) {
  const session = sessionOf(request);
  const pf = await loadProjectFields(request.access, session, projectId);
  // A school reviews its students' portraits only, never the studio's shots not (or not yet) assigned.
  const subjectsOnly = !can(session.abilities, 'photo-check.retake');
  const classFilter =
    query.class !== undefined
      ? {
          value: query.class,
          fieldIds: pf.fields.filter((f) => CLASS_FIELD_KEYS.has(f.field_key ?? '')).map((f) => f.id),
        }
      : undefined;
  const [{ rows, meta }, counts] = await Promise.all([
    flaggedPhotos(
      ctx.db,
      pf.project.id,
      { state: query.state, code: query.code, class: classFilter, subjectsOnly },
      query,
    ),
    reviewCounts(ctx.db, pf.project.id, CHECK_CODES, subjectsOnly),
  ]);
  return {
    photo_checks: await Promise.all(rows.map((r) => serializePhotoCheck(ctx.storage, pf, r))),
    meta: { ...meta, counts },
  };
}

/**
 * A person's review of a photo: marks it for a retake (or clears the mark; it feeds the camera cards
 * printed for retakes) and accepts its flags (or reopens them).
 */
export async function reviewPhotoChecks(
  ctx: AppContext,
  request: FastifyRequest,
  photoId: string,
  changes: { retake_needed?: boolean | undefined; checks_accepted?: boolean | undefined },
) {
  const photo = await request.access.find('photo', photoId);
  const session = sessionOf(request);
  await reviewPhoto(ctx.db, photo.id, changes, session.user.id);
  const pf = await projectFieldsById(ctx.db, session, photo.project_id!);
  return { photo_check: await serializePhotoCheck(ctx.storage, pf, await reviewRowOf(ctx.db, photo.id)) };
}

/** Saves the project's head-size rule (when given) and queues its photos' auto crops again. */
export async function recomputeAutoCrops(
  ctx: AppContext,
  request: FastifyRequest,
  projectId: string,
  rule: Partial<HeadSizeRule> | undefined,
) {
  const project = await request.access.find('project', projectId);
  await ctx.db.transaction().execute(async (trx) => {
    if (rule && Object.keys(rule).length > 0) await saveHeadSizeRule(trx, project.id, rule);
    await ctx.queue.enqueue('photo-checks.auto-crops', { project_id: project.id }, { trx });
  });
}
