import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { JobDeps } from '../../jobs/deps.js';
import { defineJob } from '../../jobs/queue.js';
import { FORM_LIFETIME_MS, scheduleDeletions } from '../../storage/uploads.js';
import { actorOf, recordAudit } from '../audit/record.js';
import { deleteProjectPhotoBatch } from '../photos/service.js';
import { deleteProjectSubjectBatch } from '../subjects/queries.js';

/**
 * Every stored file of a project lives under this prefix: photos with their renditions, attachments,
 * roster imports, layout renders and export archives (their keys are all made as
 * `org-<organization>/projects/<project>/<area>/...`). A project never changes organization.
 */
export const projectStoragePrefix = (organizationId: string, projectId: string) =>
  `org-${organizationId}/projects/${projectId}/`;

/**
 * Starts deleting a project: marks it (from now on it is out of view for everyone, so it leaves every
 * list at once), records the deletion in the trail and queues the job that removes it, all in one
 * transaction. Answers false when another request marked it first.
 */
export async function startProjectDeletion(
  ctx: AppContext,
  request: FastifyRequest,
  project: { id: string; organization_id: string },
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('projects')
      .set({ deleting_at: sql<Date>`now()` })
      .where('id', '=', project.id)
      .where('deleting_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!marked) return false;
    await recordAudit(trx, actorOf(request), {
      action: 'project.delete',
      recordType: 'project',
      recordId: project.id,
      projectId: project.id,
      ownerOrganizationId: project.organization_id,
    });
    await ctx.queue.enqueue(
      'projects.delete',
      { project_id: project.id },
      { trx, singletonKey: `project-delete-${project.id}` },
    );
    return true;
  });
}

const BATCH = 1000;

/**
 * Removes a project marked for deletion: its subjects and photos in batches (crops and assignments go
 * with them), then every stored file under its prefix, then the row, whose foreign keys take the rest
 * (albums, attachments, file-request links, imports, renders, exports, the template copy). Safe to run
 * again from any point: each step finds what the previous run left. The project's prefix is scheduled
 * once more for after the longest upload form's life, so a form posted late (or a render finishing
 * late) leaves nothing behind either.
 */
export async function deleteMarkedProject(deps: Pick<JobDeps, 'db' | 'storage'>, projectId: string) {
  const { db, storage } = deps;
  const project = await db
    .selectFrom('projects')
    .select(['id', 'organization_id'])
    .where('id', '=', projectId)
    .where('deleting_at', 'is not', null)
    .executeTakeFirst();
  if (!project) return false;
  while ((await deleteProjectSubjectBatch(db, project.id, BATCH)) === BATCH);
  while ((await deleteProjectPhotoBatch(db, project.id, BATCH)) === BATCH);
  const prefix = projectStoragePrefix(project.organization_id, project.id);
  await storage.deletePrefix(prefix);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('projects').where('id', '=', project.id).execute();
    await scheduleDeletions(trx, [
      { key: prefix, prefix: true, after: new Date(Date.now() + FORM_LIFETIME_MS) },
    ]);
  });
  return true;
}

/**
 * Finishes deletions whose job gave up (every retry failed, e.g. storage was down for hours): projects
 * marked longer than a day ago. Run by the daily retention sweep. Answers how many it finished.
 */
export async function finishStalledProjectDeletions(deps: Pick<JobDeps, 'db' | 'storage'>, now: Date) {
  const stalled = await deps.db
    .selectFrom('projects')
    .select('id')
    .where('deleting_at', '<', new Date(now.getTime() - 24 * 60 * 60 * 1000))
    .orderBy('deleting_at')
    .limit(100)
    .execute();
  let finished = 0;
  for (const { id } of stalled) if (await deleteMarkedProject(deps, id)) finished++;
  return finished;
}

/** pg-boss keeps the job in the database, so a restart resumes it; each retry starts where the last ended. */
export const projectDeleteJob = defineJob('projects.delete', {
  retryLimit: 10,
  retryDelaySeconds: 30,
  async handle({ project_id }, deps: JobDeps) {
    await deleteMarkedProject(deps, project_id);
  },
});
