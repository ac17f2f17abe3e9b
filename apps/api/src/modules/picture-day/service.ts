import { randomBytes } from 'node:crypto';
import {
  APP_SLUG,
  effectiveLabel,
  type FieldRef,
  ROSTER_MAX_BYTES,
  readsHiddenFields,
} from '@school-portal/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { PageRequest } from '../../db/paging.js';
import { sessionOf } from '../../http/auth.js';
import { conflict, HttpError, unprocessable } from '../../http/errors.js';
import { takeUpload, uploadKeyFor } from '../../storage/uploads.js';
import { actorOf, recordAudit } from '../audit/record.js';
import { isSessionOfProject } from '../photo-sessions/service.js';
import { createAlbum, photoCountsOfSubjects } from '../photos/queries.js';
import {
  createPhoto,
  deletePhotos,
  type PhotoRow,
  presignPhotoUpload,
  selectPhotos,
  serializePhoto,
} from '../photos/service.js';
import { readRoster } from '../subject-imports/parse.js';
import { projectFields, rosterContentType } from '../subject-imports/service.js';
import { projectSubjectsToMatch } from '../subjects/bulk.js';
import { subjectsOfProjectInView } from '../subjects/queries.js';
import type { Session } from '../users/session.js';
import {
  type BatchRow,
  batchItems,
  findBatch,
  findItem,
  findItemByFile,
  type ItemCounts,
  type ItemRow,
  insertBatch,
  insertItem,
  itemCounts,
  itemsPage,
  listBatches,
  markMappingUploaded,
  moveBatch,
  notUploadedFileNames,
  reopenBatch,
  saveReport,
  setMappingFile,
  reviewItem as writeReview,
} from './queries.js';
import { NOT_UPLOADED_NAMES, type SubjectReport, serializeBatch, serializeItem } from './serialize.js';
import { stationOwnBatch } from './station-access.js';

const UPLOAD_EXPIRY_SECONDS = 30 * 60;
export const DEFAULT_MATCH_FIELD = 'student_id';

/** The fields the caller may name: every one for those who read hidden fields, else the visible ones. */
async function fieldsFor(db: Db, session: Session | null, projectId: string): Promise<FieldRef[]> {
  const fields = await projectFields(db, projectId);
  return session && !readsHiddenFields(session.abilities)
    ? fields.filter((f) => f.visible_to_customers)
    : fields;
}

/** A batch's match field: by key (`student_id`), or by id for a field without a key. */
export const matchField = (fields: FieldRef[], key: string) =>
  fields.find((f) => f.field_key === key) ?? fields.find((f) => f.field_key === null && f.id === key);

const labelOf = (fields: FieldRef[], key: string) => {
  const field = matchField(fields, key);
  return field ? effectiveLabel(field) : null;
};

export async function batchAnswer(db: Db, session: Session | null, batch: BatchRow) {
  const [counts, names, fields] = await Promise.all([
    itemCounts(db, [batch.id]),
    notUploadedFileNames(db, [batch.id], NOT_UPLOADED_NAMES),
    fieldsFor(db, session, batch.project_id),
  ]);
  return serializeBatch(
    batch,
    counts.get(batch.id)!,
    labelOf(fields, batch.match_field_key),
    names.get(batch.id) ?? [],
  );
}

// ---------- Batches ----------

export async function createBatch(
  ctx: AppContext,
  request: FastifyRequest,
  projectId: string,
  body: {
    name: string;
    match_by: BatchRow['match_by'] | 'check_in';
    photo_session_id?: string | undefined;
    match_field_key?: string | undefined;
    create_extras?: boolean | undefined;
    retakes?: boolean | undefined;
    primary?: BatchRow['primary_rule'] | undefined;
  },
) {
  const session = sessionOf(request);
  const project = await request.access.find('project', projectId);
  const key = body.match_field_key ?? DEFAULT_MATCH_FIELD;
  const fields = await fieldsFor(ctx.db, session, project.id);
  if (body.match_by !== 'camera_card' && body.match_by !== 'check_in' && !matchField(fields, key))
    throw unprocessable({ match_field_key: ['is not a field of this project'] });
  const photoSessionId = await batchSession(ctx.db, project.id, body);
  const batch = await ctx.db.transaction().execute(async (trx) => {
    const album = await createAlbum(trx, project.id, {
      name: `Picture day: ${body.name}`,
      tags: ['school-portal', 'picture-day'],
    });
    return insertBatch(trx, {
      project_id: project.id,
      album_id: album.id,
      name: body.name,
      // A check-in batch is never matched yet (startMatch refuses it), so the jobs never meet its kind.
      match_by: body.match_by as BatchRow['match_by'],
      photo_session_id: photoSessionId,
      match_field_key: key,
      create_extras: body.create_extras ?? false,
      retakes: body.retakes ?? false,
      // Retakes replace the morning's portrait unless the creator says otherwise.
      primary_rule: body.primary ?? (body.retakes ? 'newest' : 'if_none'),
      created_by_user_id: session.user.id,
    });
  });
  return batchAnswer(ctx.db, session, batch);
}

/** The session a batch matched by check-in reads: required then (a session of its project), else refused. */
async function batchSession(
  db: Db,
  projectId: string,
  body: { match_by: string; photo_session_id?: string | undefined },
): Promise<string | null> {
  if (body.match_by !== 'check_in') {
    if (body.photo_session_id !== undefined)
      throw unprocessable({ photo_session_id: ['is only for match_by check_in'] });
    return null;
  }
  if (body.photo_session_id === undefined) throw unprocessable({ photo_session_id: ['is required'] });
  if (!(await isSessionOfProject(db, projectId, body.photo_session_id)))
    throw unprocessable({ photo_session_id: ['is invalid'] });
  return body.photo_session_id;
}

export async function projectBatches(
  ctx: AppContext,
  request: FastifyRequest,
  projectId: string,
  paging: PageRequest,
) {
  const session = sessionOf(request);
  const project = await request.access.find('project', projectId);
  const { rows, meta } = await listBatches(ctx.db, project.id, paging);
  const ids = rows.map((r) => r.id);
  const [counts, names, fields] = await Promise.all([
    itemCounts(ctx.db, ids),
    notUploadedFileNames(ctx.db, ids, NOT_UPLOADED_NAMES),
    fieldsFor(ctx.db, session, project.id),
  ]);
  return {
    photo_batches: rows.map((b) =>
      serializeBatch(b, counts.get(b.id)!, labelOf(fields, b.match_field_key), names.get(b.id) ?? []),
    ),
    meta,
  };
}

export async function showBatch(ctx: AppContext, request: FastifyRequest, id: string) {
  const ref = await request.access.find('photo_batch', id);
  const batch = await findBatch(ctx.db, ref.id);
  const answer = await batchAnswer(ctx.db, sessionOf(request), batch);
  // The mapping file is taken when matching starts; until then its bytes having arrived is what counts.
  if (answer.mapping_file && !answer.mapping_file.uploaded && batch.mapping_storage_key) {
    const key = batch.mapping_storage_key;
    answer.mapping_file.uploaded =
      (await ctx.storage.head(uploadKeyFor(key))) !== null || (await ctx.storage.head(key)) !== null;
  }
  return answer;
}

async function visibleBatch(ctx: AppContext, request: FastifyRequest, id: string) {
  const ref = await request.access.find('photo_batch', id);
  return { batch: await findBatch(ctx.db, ref.id), organizationId: ref.organization_id! };
}

const applied = (batch: BatchRow) => batch.state === 'applying' || batch.state === 'applied';

// ---------- Uploads ----------

/**
 * A file of the batch: a new photo record (in the batch's album, assigned to no subject) with its
 * presigned form (201), or, for a file already in the batch (same name and size: a resumed upload), the
 * existing records (200), with a new form only when its bytes never arrived.
 */
export async function addPhoto(
  ctx: AppContext,
  request: FastifyRequest,
  id: string,
  file: {
    file_name: string;
    byte_size: number;
    content_type: 'image/jpeg' | 'image/png';
    last_modified?: Date;
  },
) {
  // A station link reaches its own live batch only (tethered capture); anything else is out of its view.
  const { batch, organizationId } = request.station
    ? await stationOwnBatch(ctx.db, request, id)
    : await visibleBatch(ctx, request, id);
  // A station's live batch never ends while its station shoots: applied, it takes the next frames and is
  // open again (what was applied stays applied). A batch uploaded by hand is done once applied.
  if (applied(batch) && !batch.station_id)
    throw conflict({ base: ['This batch has been applied; start a new batch for more photos.'] });
  const existing = await findItemByFile(ctx.db, batch.id, file.file_name, file.byte_size);
  if (existing) return { status: 200 as const, body: await uploadAnswer(ctx, existing, true) };
  const { row } = await createPhoto(
    ctx,
    batch.album_id,
    { id: batch.project_id, organization_id: organizationId },
    {
      upload_file_name: file.file_name,
      upload_file_size: file.byte_size,
      upload_content_type: file.content_type,
      tags: ['picture-day'],
      merge_duplicate: false,
      created_by_plic_app_id: APP_SLUG,
    },
  );
  const item = await insertItem(ctx.db, {
    photo_batch_id: batch.id,
    photo_id: row.id,
    file_name: file.file_name,
    byte_size: file.byte_size,
    last_modified: file.last_modified ?? null,
  });
  if (!item) {
    // The same file arrived twice at once: the first one's records answer, the second photo goes.
    await deletePhotos(ctx.db, [row.id]);
    const first = await findItemByFile(ctx.db, batch.id, file.file_name, file.byte_size);
    return { status: 200 as const, body: await uploadAnswer(ctx, first!, true) };
  }
  if (batch.station_id) await moveBatch(ctx.db, batch.id, ['matched', 'failed', 'applied'], 'open');
  else await reopenBatch(ctx.db, batch.id);
  return { status: 201 as const, body: await uploadAnswer(ctx, item, false) };
}

async function uploadAnswer(ctx: AppContext, item: ItemRow, resumed: boolean) {
  const photo = await selectPhotos(ctx.db).where('ph.id', '=', item.photo_id).executeTakeFirstOrThrow();
  const bytesMissing =
    photo.verification_state === 'uploaded' && !(await ctx.storage.head(photo.storage_key));
  const presigned =
    !resumed || bytesMissing ? { presigned_post: await presignPhotoUpload(ctx.storage, photo) } : {};
  const serialized = await serializePhoto(ctx.storage, photo, presigned);
  return {
    photo: serialized,
    photo_batch_item: serializeItem(item, photo, serialized.thumbnails, ''),
  };
}

// ---------- Mapping file ----------

export async function startMappingFile(
  ctx: AppContext,
  request: FastifyRequest,
  id: string,
  file: { file_name: string; byte_size: number; file_name_column?: string; value_column?: string },
) {
  const { batch, organizationId } = await visibleBatch(ctx, request, id);
  if (batch.match_by !== 'mapping_file')
    throw unprocessable({ base: ['This batch does not match by mapping file.'] });
  if (applied(batch) || batch.state === 'matching')
    throw conflict({ base: ['The mapping file can only change before the batch is matched or applied.'] });
  let contentType: string;
  try {
    contentType = rosterContentType(file.file_name);
  } catch {
    throw unprocessable({ file_name: ['must be a CSV, TSV or XLSX file'] });
  }
  const key = `org-${organizationId}/projects/${batch.project_id}/photo-batches/${randomBytes(16).toString('hex')}`;
  const row = await setMappingFile(ctx.db, batch.id, {
    mapping_storage_key: key,
    mapping_file_name: file.file_name,
    mapping_byte_size: file.byte_size,
    mapping_file_column: file.file_name_column ?? null,
    mapping_value_column: file.value_column ?? null,
    mapping_uploaded_at: null,
  });
  const presigned = await ctx.storage.presignPost({
    key: uploadKeyFor(key),
    contentType,
    maxBytes: file.byte_size,
    expiresInSeconds: UPLOAD_EXPIRY_SECONDS,
  });
  return { photo_batch: await batchAnswer(ctx.db, sessionOf(request), row), presigned_post: presigned };
}

const mappingError = (message: string) => unprocessable({ mapping_file: [message] });

/**
 * The mapping file as file name (lower case, no folder) -> field value. Its columns: the ones chosen, or
 * the one whose header speaks of a file or image, and the one named like the match field (else the other
 * one of two). 422 under `mapping_file` for anything that can't be read.
 */
export async function readMapping(ctx: Pick<AppContext, 'storage'>, batch: BatchRow, fields: FieldRef[]) {
  if (!batch.mapping_storage_key) throw mappingError('has not been uploaded');
  let parsed: Awaited<ReturnType<typeof readRoster>>;
  try {
    parsed = await readRoster(await ctx.storage.read(batch.mapping_storage_key));
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 422) {
      const body = error.body as { errors?: Record<string, string[]> };
      throw mappingError(Object.values(body.errors ?? {}).flat()[0] ?? 'cannot be read');
    }
    throw error;
  }
  const headers = parsed.columns.map((c) => c.trim().toLowerCase());
  const named = (name: string | null) => (name ? headers.indexOf(name.trim().toLowerCase()) : -1);
  let fileColumn = named(batch.mapping_file_column);
  if (batch.mapping_file_column && fileColumn < 0)
    throw mappingError(`has no column ${batch.mapping_file_column}`);
  // "File Name", "Image", "Photo" first; a bare "Name" only when nothing says file or image.
  if (fileColumn < 0) fileColumn = headers.findIndex((h) => /file|image|photo/.test(h));
  if (fileColumn < 0) fileColumn = headers.indexOf('name');
  if (fileColumn < 0) throw mappingError('has no file name column (a header such as "File Name")');
  let valueColumn = named(batch.mapping_value_column);
  if (batch.mapping_value_column && valueColumn < 0)
    throw mappingError(`has no column ${batch.mapping_value_column}`);
  if (valueColumn < 0) {
    const field = matchField(fields, batch.match_field_key);
    const names = [field ? effectiveLabel(field) : '', field?.field_key ?? '', batch.match_field_key]
      .filter(Boolean)
      .map((n) => n.toLowerCase().replace(/[\s_]+/g, ' '));
    valueColumn = headers.findIndex((h, i) => i !== fileColumn && names.includes(h.replace(/[\s_]+/g, ' ')));
    if (valueColumn < 0 && headers.length === 2) valueColumn = 1 - fileColumn;
  }
  if (valueColumn < 0 || valueColumn === fileColumn) throw mappingError('has no column of the match field');
  const mapping = new Map<string, string>();
  for (const row of parsed.rows) {
    const name = (row.cells[fileColumn] ?? '').trim();
    if (name) mapping.set(name.split(/[\\/]/).pop()!.toLowerCase(), (row.cells[valueColumn] ?? '').trim());
  }
  if (mapping.size === 0) throw mappingError('has no rows');
  return mapping;
}

// ---------- Match ----------

/** Starts matching (a job); a mapping file is taken and read here first, so a bad one answers 422. */
export async function startMatch(ctx: AppContext, request: FastifyRequest, id: string) {
  const { batch } = await visibleBatch(ctx, request, id);
  if (!['open', 'matched', 'failed'].includes(batch.state))
    throw conflict({ base: [`This batch is ${batch.state}.`] });
  // Its check-ins are gone with the session: nothing could be matched.
  if ((batch.match_by as string) === 'check_in' && !batch.photo_session_id)
    throw unprocessable({ photo_session_id: ['was deleted: the check-ins to match by are gone'] });
  const counts = (await itemCounts(ctx.db, [batch.id])).get(batch.id)!;
  if (counts.photos === 0) throw unprocessable({ base: ['This batch has no photos yet.'] });
  if (batch.match_by === 'mapping_file') {
    if (!batch.mapping_storage_key) throw mappingError('has not been uploaded');
    if (!batch.mapping_uploaded_at) {
      const stored = await takeUpload(ctx.storage, batch.mapping_storage_key);
      if (!stored) throw mappingError('has not been uploaded');
      if (stored.size > ROSTER_MAX_BYTES) throw mappingError('is larger than 20 MB');
      await markMappingUploaded(ctx.db, batch.id, stored.size);
    }
    await readMapping(ctx, batch, await projectFields(ctx.db, batch.project_id));
  }
  const moved = await ctx.db.transaction().execute(async (trx) => {
    const row = await moveBatch(trx, batch.id, ['open', 'matched', 'failed'], 'matching', { error: null });
    if (row) await ctx.queue.enqueue('photo-batches.match', { photo_batch_id: batch.id }, { trx });
    return row;
  });
  if (!moved) throw conflict({ base: ['This batch is already being matched or applied.'] });
  return batchAnswer(ctx.db, sessionOf(request), moved);
}

/**
 * The subject counts of a batch as its items stand: subjects matched, with several photos, photographed
 * again (they have photos from elsewhere), and the project's subjects still without any photo.
 */
export async function subjectReport(
  db: Db,
  batch: Pick<BatchRow, 'id' | 'project_id'>,
): Promise<SubjectReport> {
  const items = await batchItems(db, batch.id);
  const perSubject = new Map<string, number>();
  for (const i of items)
    if (i.state === 'matched' && i.subject_id)
      perSubject.set(i.subject_id, (perSubject.get(i.subject_id) ?? 0) + 1);
  const subjects = await projectSubjectsToMatch(db, batch.project_id);
  const elsewhere = await photoCountsOfSubjects(
    db,
    subjects.map((s) => s.id),
    items.map((i) => i.photo_id),
  );
  return {
    subjects_matched: perSubject.size,
    subjects_with_several_photos: [...perSubject.values()].filter((n) => n > 1).length,
    subjects_photographed_again: [...perSubject.keys()].filter((id) => elsewhere.has(id)).length,
    subjects_without_photos: subjects.filter((s) => !elsewhere.has(s.id) && !perSubject.has(s.id)).length,
  };
}

// ---------- Review ----------

export async function batchItemsPage(
  ctx: AppContext,
  request: FastifyRequest,
  id: string,
  query: PageRequest & { state?: ItemRow['state'][] | undefined },
) {
  const { batch } = await visibleBatch(ctx, request, id);
  const { rows, meta } = await itemsPage(ctx.db, batch.id, query.state, query);
  const photos = rows.length
    ? await selectPhotos(ctx.db)
        .where(
          'ph.id',
          'in',
          rows.map((r) => r.photo_id),
        )
        .execute()
    : [];
  const byId = new Map<string, PhotoRow>(photos.map((p) => [p.id, p]));
  const fields = await fieldsFor(ctx.db, sessionOf(request), batch.project_id);
  const label = labelOf(fields, batch.match_field_key) ?? 'value';
  return {
    photo_batch_items: await Promise.all(
      rows.map(async (r) => {
        const photo = byId.get(r.photo_id);
        const thumbnails = photo
          ? (await serializePhoto(ctx.storage, photo)).thumbnails
          : { tiny: null, small: null, large: null, full: null };
        return serializeItem(r, photo, thumbnails, label);
      }),
    ),
    meta,
  };
}

/** Assigns a photo of the batch to a subject of its project, or ignores it (or no longer); nothing is applied. */
export async function reviewBatchItem(
  ctx: AppContext,
  request: FastifyRequest,
  id: string,
  body: { subject_id?: string | undefined; ignored?: boolean | undefined },
) {
  const ref = await request.access.find('photo_batch_item', id);
  const item = await findItem(ctx.db, ref.id);
  const batch = await findBatch(ctx.db, item.photo_batch_id);
  if (applied(batch) || batch.state === 'matching')
    throw conflict({ base: [`This batch is ${batch.state}; its photos can't be changed now.`] });
  if (item.state === 'card')
    throw unprocessable({ base: ['A camera card is kept as a card, never a portrait.'] });
  const photo = await selectPhotos(ctx.db).where('ph.id', '=', item.photo_id).executeTakeFirstOrThrow();
  // A photo whose bytes never arrived (an upload cut off) can be ignored, so the batch can be applied
  // without it; it can't be assigned, having nothing to show.
  const notUploaded = !photo.upload_verified_at;
  if (notUploaded && body.subject_id !== undefined)
    throw unprocessable({
      subject_id: [
        photo.verification_state === 'verifying'
          ? 'This photo is still being verified; wait for it, then match again.'
          : 'This photo has not been uploaded; upload it again or ignore it.',
      ],
    });
  if (item.state === 'pending' && !notUploaded)
    throw unprocessable({ base: ['This photo has not been matched yet.'] });
  let values: Parameters<typeof writeReview>[2];
  if (notUploaded)
    values = body.ignored
      ? { state: 'ignored', subject_id: null, reason_code: 'not_verified', reviewed: true }
      : { state: 'pending', subject_id: null, reason_code: 'not_verified', reviewed: false };
  else if (body.subject_id !== undefined) {
    const found = await subjectsOfProjectInView(ctx.db, request.access, batch.project_id, [body.subject_id]);
    if (found.length === 0) throw unprocessable({ subject_id: ['is invalid'] });
    values = { state: 'matched', subject_id: body.subject_id, reason_code: null, reviewed: true };
  } else if (body.ignored) values = { state: 'ignored', subject_id: null, reason_code: null, reviewed: true };
  else values = { state: 'unmatched', subject_id: null, reason_code: null, reviewed: false };
  const row = await writeReview(ctx.db, item.id, values);
  await saveReport(ctx.db, batch.id, await subjectReport(ctx.db, batch));
  const fields = await fieldsFor(ctx.db, sessionOf(request), batch.project_id);
  const thumbnails = (await serializePhoto(ctx.storage, photo)).thumbnails;
  return serializeItem(row, photo, thumbnails, labelOf(fields, batch.match_field_key) ?? 'value');
}

// ---------- Apply ----------

/** Why photos that arrived are not ready yet: they are still being verified (their bytes are there). */
const verifyingMessage = (verifying: number) =>
  verifying === 1
    ? '1 photo is still being verified (its file has arrived): wait for it, then match again.'
    : `${verifying} photos are still being verified (their files have arrived): wait for them, then match again.`;

/** Why a batch with pending photos can't be applied yet, and what to do. */
function pendingMessage({
  pending,
  not_uploaded: missing,
  verifying,
}: Pick<ItemCounts, 'pending' | 'not_uploaded' | 'verifying'>) {
  const andVerifying = verifying > 0 ? ` ${verifyingMessage(verifying)}` : '';
  if (missing === 1)
    return `1 photo has not been uploaded: upload it again and match again, or ignore it.${andVerifying}`;
  if (missing > 1)
    return `${missing} photos have not been uploaded: upload them again and match again, or ignore them.${andVerifying}`;
  if (verifying > 0) return verifyingMessage(verifying);
  return pending === 1
    ? '1 photo has not been matched since it arrived: match again before applying.'
    : `${pending} photos have not been matched since they arrived: match again before applying.`;
}

/**
 * Starts applying a matched batch, in one transaction: marks it applying, queues the job and records it
 * in the trail. An applied batch answers as it is (applying twice changes nothing); others 409; 422
 * while photos are pending (not uploaded, unless ignored, or not matched since they arrived).
 */
export async function startApply(
  ctx: AppContext,
  request: FastifyRequest,
  id: string,
  primary: BatchRow['primary_rule'] | undefined,
) {
  const { batch, organizationId } = await visibleBatch(ctx, request, id);
  if (batch.state === 'applied' || batch.state === 'applying')
    return batchAnswer(ctx.db, sessionOf(request), batch);
  const moved = await ctx.db.transaction().execute(async (trx) => {
    const row = await moveBatch(
      trx,
      batch.id,
      ['matched'],
      'applying',
      primary ? { primary_rule: primary } : {},
    );
    if (!row) return null;
    // Counted once the batch is held: a photo not uploaded or not matched would be dropped unseen, and
    // the photos after a missing camera card are waiting for it. Throwing undoes the move.
    const counts = (await itemCounts(trx, [batch.id])).get(batch.id)!;
    if (counts.pending > 0) throw unprocessable({ base: [pendingMessage(counts)] });
    await ctx.queue.enqueue(
      'photo-batches.apply',
      { photo_batch_id: batch.id },
      { trx, singletonKey: `photo-batch-apply-${batch.id}` },
    );
    await recordAudit(trx, actorOf(request), {
      action: 'photo_batch.apply',
      recordType: 'photo_batch',
      recordId: batch.id,
      projectId: batch.project_id,
      ownerOrganizationId: organizationId,
      details: {
        match_by: batch.match_by,
        primary: row.primary_rule,
        photos: counts.photos,
        cards: counts.cards,
        matched: counts.matched,
        unmatched: counts.unmatched,
        ambiguous: counts.ambiguous,
        ignored: counts.ignored,
      },
    });
    return row;
  });
  if (!moved) {
    const now = await findBatch(ctx.db, batch.id);
    if (now.state === 'applied' || now.state === 'applying')
      return batchAnswer(ctx.db, sessionOf(request), now);
    throw conflict({ base: [`This batch is ${now.state}; match it before applying.`] });
  }
  return batchAnswer(ctx.db, sessionOf(request), moved);
}
