import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  hasPhoto,
  type LayoutDefinition,
  type LayoutType,
  layoutDefinitionSchema,
  layoutPages,
  printsPhotos,
} from '@school-portal/domain';
import type { Db } from '../../db/database.js';
import { strandedBy } from '../../jobs/alive.js';
import type { JobDeps } from '../../jobs/deps.js';
import { defineJob } from '../../jobs/queue.js';
import { daysAfter } from '../../time.js';
import { loadFields } from '../project-templates/service.js';
import { selectProjects } from '../projects/service.js';
import { writePdf } from './draw.js';
import { createMeasure } from './fonts.js';
import { rendersWithLayout } from './queries.js';
import { loadLayoutSubjects, photoSourceFor } from './subjects.js';

/** Where a render's PDF lives: under its project's organization. */
export const renderKey = (organizationId: string, projectId: string, renderId: string) =>
  `org-${organizationId}/projects/${projectId}/layout-renders/${renderId}-${randomBytes(8).toString('hex')}.pdf`;

class RenderFailure extends Error {}

/**
 * A render's batch name heads each page of a sheet that breaks a page per group, above the layout's own
 * heading lines and as large as its largest: what the print is ("Missing portraits"), beside the school,
 * class and season. Braces are dropped so that the name is printed as given, never read as a field.
 */
export function withBatchHeading(
  def: LayoutDefinition,
  type: LayoutType,
  batchName: string | null,
): LayoutDefinition {
  const text = batchName?.replace(/[{}]/g, '').replace(/\s+/g, ' ').trim();
  if (!text || type !== 'Sheet' || def.group_break !== 'page') return def;
  const lines = def.title.lines ?? [
    { parts: [def.title.template], size: def.title.size, weight: 'bold' as const },
  ];
  const size = Math.max(...lines.map((l) => l.size));
  return { ...def, title: { ...def.title, lines: [{ parts: [text], size, weight: 'bold' }, ...lines] } };
}

/**
 * Makes one render's PDF: the layout engine's pages, drawn by the PDF writer into a temporary file
 * (streaming), then stored. Ends the render as complete, or failed with a reason; a render no longer
 * running is left alone (idempotent).
 */
export async function runRender(
  renderId: string,
  { db, storage, log, config }: Pick<JobDeps, 'db' | 'storage' | 'log' | 'config'>,
) {
  const render = await rendersWithLayout(db)
    .innerJoin('layout_categories as c', 'c.id', 'l.layout_category_id')
    .select([
      'r.id',
      'r.project_id',
      'r.subject_ids',
      'r.group_by',
      'r.sort_by',
      'r.render_name',
      'r.batch_name',
      'r.subjects_without_photo',
      'r.worker_status',
      'r.holds_hidden_fields',
      'l.layout_type',
      'l.definition',
      'c.leaves_out_directory_opt_outs',
    ])
    .where('r.id', '=', renderId)
    .executeTakeFirst();
  if (render?.worker_status !== 'running') return;
  const file = path.join(tmpdir(), `layout-render-${render.id}-${randomBytes(6).toString('hex')}.pdf`);
  try {
    const definition = layoutDefinitionSchema.safeParse(render.definition);
    if (!definition.success) throw new RenderFailure("The layout's definition is invalid.");
    const project = await selectProjects(db).where('p.id', '=', render.project_id).executeTakeFirstOrThrow();
    const fields = project.project_template_id
      ? await loadFields(db, [project.project_template_id], render.holds_hidden_fields)
      : [];
    const loaded = await loadLayoutSubjects(db, {
      projectId: project.id,
      subjectIds: render.subject_ids,
      fields,
      school: project.organization_name,
      project: project.name,
      season: project.season_name,
      // Consent: composites and directories leave out families who opted out of directory information.
      leaveOutDirectoryOptOuts: render.leaves_out_directory_opt_outs,
      // A family notice prints each subject's access code (given one now if it has none) and its QR.
      familyPublicUrl: /Family (Code|Claim Link)/.test(JSON.stringify(render.definition))
        ? config.publicUrl
        : undefined,
    });
    if (loaded.length === 0)
      throw new RenderFailure(
        render.leaves_out_directory_opt_outs
          ? 'There are no subjects to print (directory information opt-outs are left out).'
          : 'There are no subjects to print.',
      );
    // Left out, subjects without a photo print nothing: no blank boxes, no pages without anyone on them.
    const leaveOut = render.subjects_without_photo === 'leave_out' && printsPhotos(definition.data);
    const subjects = leaveOut ? loaded.filter(hasPhoto) : loaded;
    if (subjects.length === 0) throw new RenderFailure('None of the subjects has a photo.');
    const def = withBatchHeading(definition.data, render.layout_type, render.batch_name);
    const pages = layoutPages(def, render.layout_type, subjects, {
      group_by: render.group_by,
      sort_by: render.sort_by,
      measure: createMeasure(),
    });
    const written = await writePdf(pages, await photoSourceFor(db, storage, subjects), file, {
      title: render.render_name,
    });
    const key = renderKey(project.organization_id, project.id, render.id);
    await storage.putFile(key, file, 'application/pdf');
    const completedAt = new Date();
    await db
      .updateTable('layout_renders')
      .set({
        worker_status: 'complete',
        storage_key: key,
        page_count: written.pages,
        completed_at: completedAt,
        // Kept EXPORT_RETENTION_DAYS, then the retention sweep deletes the PDF.
        expires_at: daysAfter(completedAt, config.exportRetentionDays),
      })
      .where('id', '=', render.id)
      .where('worker_status', '=', 'running')
      .execute();
  } catch (error) {
    const reason = error instanceof RenderFailure ? error.message : 'The PDF could not be made.';
    if (!(error instanceof RenderFailure))
      log.error({ err: error, render_id: render.id }, 'layout render failed');
    await db
      .updateTable('layout_renders')
      .set({ worker_status: 'failed', failure_reason: reason, completed_at: new Date() })
      .where('id', '=', render.id)
      .where('worker_status', '=', 'running')
      .execute();
  } finally {
    await rm(file, { force: true });
  }
}

/** Why a render whose job is gone ended failed (stranded-records sweep). */
export const RENDER_STOPPED = 'The PDF could not be made: its job stopped before it finished. Make it again.';

/**
 * Renders still running whose job will never end them (it failed for good, or is gone from the queue):
 * failed with a reason the user reads. A render whose job waits or is retried is left running.
 */
export async function failStrandedRenders(db: Db): Promise<number> {
  const ended = await db
    .updateTable('layout_renders as r')
    .set({ worker_status: 'failed', failure_reason: RENDER_STOPPED, completed_at: new Date() })
    .where('r.worker_status', '=', 'running')
    .where(strandedBy('layouts.render', 'render_id', 'r.id', 'r.created_at'))
    .executeTakeFirst();
  return Number(ended.numUpdatedRows);
}

export const layoutRenderJob = defineJob('layouts.render', {
  // A run ends its render itself, failed or complete; a retry only runs one whose process died mid-run.
  retryLimit: 1,
  retryDelaySeconds: 10,
  handle: ({ render_id }, deps: JobDeps) => runRender(render_id, deps),
});
