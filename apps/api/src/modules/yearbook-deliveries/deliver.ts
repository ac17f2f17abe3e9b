import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { DOWNLOAD_EXPIRY_SECONDS } from '../../http/download.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import type { JobDeps } from '../../jobs/deps.js';
import { defineJob } from '../../jobs/queue.js';
import { safeDownloadName } from '../../storage/storage.js';
import { type AuditEntry, actorOf, recordAudit } from '../audit/record.js';
import { buildExportArchive } from '../project-exports/archive/index.js';
import { projectOrganizationId } from '../projects/queries.js';
import type { Session } from '../users/session.js';
import {
  type DeliveryRow,
  deliveryDownloads,
  lastCompletedDelivery,
  selectDeliveries,
  selectManifest,
  type TargetRow,
} from './queries.js';
import {
  type DeliveryChange,
  type SerializedYearbookDelivery,
  serializeDelivery,
  serializeManifestRow,
} from './serialize.js';
import { deliveredState, deliverySetup, diffSince, renders, subjectsNow } from './state.js';

/** Where a delivery's archive lives: under its project, one key per delivery. */
/** A delivery queued or working this long has lost its job (the job expires after 4 hours, retried twice). */
const STALE_AFTER_MS = 13 * 60 * 60 * 1000;

export const deliveryKey = (organizationId: string, projectId: string, deliveryId: string) =>
  `org-${organizationId}/projects/${projectId}/yearbook-deliveries/${deliveryId}.zip`;

async function serialized(db: Db, rows: DeliveryRow[]): Promise<SerializedYearbookDelivery[]> {
  const downloads = await deliveryDownloads(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    serializeDelivery(
      r,
      downloads.filter((d) => d.yearbook_delivery_id === r.id),
    ),
  );
}

export async function showDelivery(db: Db, id: string): Promise<SerializedYearbookDelivery> {
  const row = await selectDeliveries(db).where('d.id', '=', id).executeTakeFirstOrThrow();
  return (await serialized(db, [row]))[0]!;
}

/** The ledger: a target's deliveries, newest first. */
export async function listDeliveries(db: Db, targetId: string) {
  const rows = await selectDeliveries(db)
    .where('d.yearbook_target_id', '=', targetId)
    .orderBy('d.number', 'desc')
    .execute();
  return serialized(db, rows);
}

/**
 * A delivery's change list, from its manifest: every subject added, replaced, corrected or removed, in
 * plain words, in the order of the manifest (removals last).
 */
export async function changeListOf(db: Db, deliveryId: string): Promise<DeliveryChange[]> {
  const rows = await selectManifest(db, deliveryId).where('change', '!=', 'unchanged').execute();
  const order = { added: 0, replaced: 1, corrected: 2, removed: 3 } as const;
  return rows
    .map((r) => ({
      subject_id: r.subject_id,
      kind: r.change as DeliveryChange['kind'],
      name: r.who.name,
      grade: r.who.grade,
      teacher: r.who.teacher,
      reason: r.removal_reason,
      fields: r.corrected ?? [],
      image_file_name: r.image_file_name,
      text: r.change_text ?? '',
    }))
    .sort((a, b) => order[a.kind] - order[b.kind] || a.name.localeCompare(b.name));
}

export async function deliveryDetail(db: Db, id: string) {
  const delivery = await showDelivery(db, id);
  const manifest = await selectManifest(db, id).execute();
  return {
    ...delivery,
    manifest: manifest.map(serializeManifestRow),
    changes: await changeListOf(db, id),
  };
}

/**
 * Makes a delivery (202): refused while another of the target's is queued or working (409), a changes
 * delivery before any completed one or with nothing changed (422). The job builds it.
 */
export async function createDelivery(
  ctx: AppContext,
  request: FastifyRequest,
  session: Session,
  target: TargetRow,
  kind: 'full' | 'changes',
): Promise<SerializedYearbookDelivery> {
  const setup = await deliverySetup(ctx.db, target);
  const last = await lastCompletedDelivery(ctx.db, target.id);
  if (kind === 'changes') {
    if (!last) throw unprocessable({ kind: ['there is no completed delivery to count changes from'] });
    const diff = await diffSince(
      ctx.db,
      setup,
      await subjectsNow(ctx.db, setup),
      await deliveredState(ctx.db, last.id),
    );
    if (diff.changes.length === 0)
      throw unprocessable({ base: [`There are no changes since delivery ${last.number}.`] });
  }
  const id = await ctx.db.transaction().execute(async (trx) => {
    // One delivery of a target at a time: the target's row is the lock.
    await trx.selectFrom('yearbook_targets').select('id').where('id', '=', target.id).forUpdate().execute();
    // A delivery whose job was lost for good (past the job's expiry and its retries) no longer blocks.
    await trx
      .updateTable('yearbook_deliveries')
      .set({
        status: 'failed',
        status_message: 'The delivery stopped before it was finished.',
        updated_at: new Date(),
      })
      .where('yearbook_target_id', '=', target.id)
      .where('status', 'in', ['queued', 'working'])
      .where('updated_at', '<', new Date(Date.now() - STALE_AFTER_MS))
      .execute();
    const running = await trx
      .selectFrom('yearbook_deliveries')
      .select('id')
      .where('yearbook_target_id', '=', target.id)
      .where('status', 'in', ['queued', 'working'])
      .executeTakeFirst();
    if (running) throw conflict({ base: ['Another delivery of this target is being made.'] });
    const top = await trx
      .selectFrom('yearbook_deliveries')
      .select((eb) => eb.fn.max('number').as('n'))
      .where('yearbook_target_id', '=', target.id)
      .executeTakeFirst();
    const row = await trx
      .insertInto('yearbook_deliveries')
      .values({
        yearbook_target_id: target.id,
        project_id: target.project_id,
        number: Number(top?.n ?? 0) + 1,
        kind,
        since_delivery_id: kind === 'changes' ? (last?.id ?? null) : null,
        format_name: setup.format.name,
        created_by_user_id: session.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const jobId = await ctx.queue.enqueueWithId(
      'yearbook-deliveries.build',
      { yearbook_delivery_id: row.id },
      { trx },
    );
    await trx.updateTable('yearbook_deliveries').set({ job_id: jobId }).where('id', '=', row.id).execute();
    await recordDeliveryAudit(trx, request, 'yearbook_delivery.create', row.id, target.project_id, {
      yearbook_target_id: target.id,
      kind,
    });
    return row.id;
  });
  return showDelivery(ctx.db, id);
}

/** A failure told as it is; anything else is reported generically. */
class DeliveryFailure extends Error {}

type BuildDeps = Pick<JobDeps, 'db' | 'storage' | 'log'>;

/**
 * Builds a delivery: the book as it is now against the state its "since" delivery left; a full delivery
 * renders everyone, a changes delivery only the added, replaced and corrected subjects (and their index
 * rows), MASTER.TXT listing everyone either way. Then its manifest (one row per subject, and the removals)
 * and its counts are written in one transaction. Run again (its process died), it starts over.
 */
export async function runDelivery(deliveryId: string, deps: BuildDeps): Promise<void> {
  const { db, storage, log } = deps;
  const started = await db
    .updateTable('yearbook_deliveries')
    .set({ status: 'working', status_message: null, updated_at: new Date() })
    .where('id', '=', deliveryId)
    .where('status', 'in', ['queued', 'working'])
    .returningAll()
    .executeTakeFirst();
  if (!started) return;
  try {
    const target = await db
      .selectFrom('yearbook_targets')
      .selectAll()
      .where('id', '=', started.yearbook_target_id)
      .executeTakeFirstOrThrow();
    const setup = await deliverySetup(db, target).catch(() => {
      throw new DeliveryFailure('The export format of this target was deleted.');
    });
    const now = await subjectsNow(db, setup);
    if (now.length === 0) throw new DeliveryFailure('There are no subjects in the book.');
    const before = started.since_delivery_id ? await deliveredState(db, started.since_delivery_id) : null;
    // A full delivery still records what changed since the last one, for the ledger.
    const last = before ? null : await lastCompletedDelivery(db, target.id);
    const diff = await diffSince(db, setup, now, before ?? (last ? await deliveredState(db, last.id) : null));
    const key = deliveryKey(setup.organizationId, setup.projectId, started.id);
    const files = new Map<string, string>();
    const render = (id: string) => renders(started.kind, diff.bySubject.get(id)?.change);
    const result = await buildExportArchive({
      storage,
      key,
      format: setup.format,
      subjects: now.map((s) => s.exportSubject),
      total: now.length,
      options: setup.options,
      renderSubject: render,
      onSubjectWritten: (id, names) => {
        if (names[0]) files.set(id, names[0]);
      },
      onProgress: async () => {},
    });
    const textOf = new Map(diff.changes.map((c) => [c.subject_id, c.text]));
    const counts = { ...diff.counts, images: result.images };
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('yearbook_delivery_subjects')
        .where('yearbook_delivery_id', '=', started.id)
        .execute();
      const rows = [
        ...now.map((s) => {
          const d = diff.bySubject.get(s.id)!;
          const text = textOf.get(s.id);
          return {
            yearbook_delivery_id: started.id,
            subject_id: s.id,
            change: d.change,
            removal_reason: null,
            photo_id: s.photo?.id ?? null,
            content_sha256: s.photo?.sha256 ?? null,
            crop: s.photo?.crop ? JSON.stringify(s.photo.crop) : null,
            image_file_name: files.get(s.id) ?? null,
            photo_taken_at: s.photo?.takenAt ?? null,
            values: JSON.stringify(s.values),
            change_text: text ?? null,
            who: JSON.stringify(s.who),
            corrected: d.fields.length ? JSON.stringify(d.fields) : null,
          };
        }),
        ...diff.removed.map(({ row, reason }) => ({
          yearbook_delivery_id: started.id,
          subject_id: row.subject_id,
          change: 'removed' as const,
          removal_reason: reason,
          photo_id: row.photo_id,
          content_sha256: row.content_sha256,
          crop: row.crop ? JSON.stringify(row.crop) : null,
          image_file_name: row.image_file_name,
          photo_taken_at: row.photo_taken_at,
          values: JSON.stringify(row.values),
          change_text: textOf.get(row.subject_id) ?? null,
          who: JSON.stringify(row.who),
          corrected: null,
        })),
      ];
      for (let i = 0; i < rows.length; i += 1000) {
        await trx
          .insertInto('yearbook_delivery_subjects')
          .values(rows.slice(i, i + 1000))
          .execute();
      }
      await trx
        .updateTable('yearbook_deliveries')
        .set({
          status: 'completed',
          counts: JSON.stringify(counts),
          storage_key: key,
          archive_bytes: result.bytes,
          completed_at: new Date(),
          updated_at: new Date(),
        })
        .where('id', '=', started.id)
        .execute();
    });
  } catch (error) {
    const message = error instanceof DeliveryFailure ? error.message : 'The delivery could not be made.';
    // Ids only: subjects' values never go to the log.
    if (!(error instanceof DeliveryFailure))
      log.error({ err: error, yearbook_delivery_id: deliveryId }, 'yearbook delivery failed');
    await db
      .updateTable('yearbook_deliveries')
      .set({ status: 'failed', status_message: message, updated_at: new Date() })
      .where('id', '=', deliveryId)
      .execute();
  }
}

export const yearbookDeliveryBuildJob = defineJob('yearbook-deliveries.build', {
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 4 * 60 * 60,
  handle: ({ yearbook_delivery_id }, deps: JobDeps) => runDelivery(yearbook_delivery_id, deps),
});

/** A delivery's row in the activity trail (who made or downloaded which project's data), on its project's organization. */
async function recordDeliveryAudit(
  db: Db,
  request: FastifyRequest,
  action: 'yearbook_delivery.create' | 'yearbook_delivery.download',
  deliveryId: string,
  projectId: string,
  details: AuditEntry['details'],
) {
  await recordAudit(db, actorOf(request), {
    action,
    recordType: 'yearbook_delivery',
    recordId: deliveryId,
    projectId,
    ownerOrganizationId: await projectOrganizationId(db, projectId),
    details,
  });
}

/** Records who downloaded what of a delivery: in its ledger and in the activity trail, together. */
export async function recordDownload(
  db: Db,
  request: FastifyRequest,
  row: DeliveryRow,
  what: 'archive' | 'change_list_pdf' | 'change_list_csv',
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('yearbook_delivery_downloads')
      .values({ yearbook_delivery_id: row.id, user_id: request.session?.user.id ?? null, what })
      .execute();
    await recordDeliveryAudit(trx, request, 'yearbook_delivery.download', row.id, row.project_id, { what });
  });
}

/** A signed download of a completed delivery's ZIP (302, or the address as JSON), recorded in its ledger. */
export async function downloadDelivery(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  row: DeliveryRow,
  format: 'redirect' | 'json',
) {
  if (row.status !== 'completed' || !row.storage_key) throw notFound();
  await recordDownload(ctx.db, request, row, 'archive');
  const url = await ctx.storage.presignGet({
    key: row.storage_key,
    expiresInSeconds: DOWNLOAD_EXPIRY_SECONDS,
    downloadName: `${safeDownloadName(`Yearbook delivery ${row.number} ${row.format_name}`)}.zip`,
    contentType: 'application/zip',
  });
  if (format === 'json') {
    const expires = new Date(Date.now() + DOWNLOAD_EXPIRY_SECONDS * 1000).toISOString();
    return reply.send({ download: { url, expires_at: expires } });
  }
  return reply.redirect(url, 302);
}
