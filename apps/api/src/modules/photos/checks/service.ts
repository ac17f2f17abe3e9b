import type { HeadSizeRule } from '@school-portal/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import type { PageRequest } from '../../../db/paging.js';
import { saveHeadSizeRule } from '../../projects/queries.js';
import { flaggedPhotos, setRetakeNeeded } from './queries.js';
import { serializePhotoCheck } from './serialize.js';

/** The review list: a project's flagged photos (or those of one flag), by id, a page at a time. */
export async function projectPhotoChecks(
  ctx: AppContext,
  request: FastifyRequest,
  projectId: string,
  query: PageRequest & { code?: string },
) {
  const project = await request.access.find('project', projectId);
  const { rows, meta } = await flaggedPhotos(ctx.db, project.id, query.code, query);
  return { photo_checks: rows.map(serializePhotoCheck), meta };
}

/** Marks a photo for a retake (or clears the mark): it feeds the camera cards printed for retakes. */
export async function markRetake(ctx: AppContext, request: FastifyRequest, photoId: string, retake: boolean) {
  const photo = await request.access.find('photo', photoId);
  const row = await setRetakeNeeded(ctx.db, photo.id, retake);
  return {
    photo_check: serializePhotoCheck({
      ...row,
      crop_x: null,
      crop_y: null,
      crop_width: null,
      crop_height: null,
    }),
  };
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
