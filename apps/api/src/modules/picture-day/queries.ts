import { PORTRAIT_ASPECT } from '@school-portal/domain';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type PageRequest, pageOf } from '../../db/paging.js';
import type { PhotoBatchesTable, PhotoBatchItemsTable } from '../../db/schema.js';
import { publishEvent } from '../../events/events.js';
import { strandedBy } from '../../jobs/alive.js';
import { photoVerifiedRead, photoVerifyingRead } from '../photos/queries.js';
import { type PhotoRow, selectPhotos } from '../photos/service.js';
import type { MatchedItem } from './match.js';

export type BatchRow = Selectable<PhotoBatchesTable>;
export type ItemRow = Selectable<PhotoBatchItemsTable>;
export type BatchState = BatchRow['state'];

/** What other areas may read of a photo's picture-day item, as SQL over a photo id column. */
export const photoBatchItemReads = (photoIdColumn: string) => ({
  /** Whether the photo is a camera card (a code read in it): a card marks a subject, it is never a portrait. */
  isCard: sql<boolean>`EXISTS (SELECT 1 FROM photo_batch_items bi WHERE bi.photo_id = ${sql.ref(photoIdColumn)} AND bi.state = 'card')`,
});

/** What a batch's items are counted by (`itemCounts`). */
const ITEM_COUNT_KEYS = [
  'photos',
  'uploaded',
  'pending',
  'not_uploaded',
  'verifying',
  'cards',
  'matched',
  'unmatched',
  'ambiguous',
  'ignored',
  'warned',
] as const;
export type ItemCounts = Record<(typeof ITEM_COUNT_KEYS)[number], number>;

export const findBatch = (db: Db, id: string) =>
  db.selectFrom('photo_batches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const insertBatch = (db: Db, values: Insertable<PhotoBatchesTable>) =>
  db.insertInto('photo_batches').values(values).returningAll().executeTakeFirstOrThrow();

export function listBatches(db: Db, projectId: string, paging: PageRequest) {
  return pageOf(
    db,
    db.selectFrom('photo_batches').selectAll().where('project_id', '=', projectId),
    (q) => q.orderBy('created_at', 'desc').orderBy('id', 'desc'),
    paging,
  );
}

/** The item counts of batches, in one query (a list's page or one batch). */
export async function itemCounts(db: Db, batchIds: string[]): Promise<Map<string, ItemCounts>> {
  const counts = new Map<string, ItemCounts>();
  if (batchIds.length === 0) return counts;
  const none = Object.fromEntries(ITEM_COUNT_KEYS.map((key) => [key, 0])) as ItemCounts;
  const verified = photoVerifiedRead('i.photo_id');
  // Bytes that arrived and are still being checked are pending, never "not uploaded".
  const verifying = photoVerifyingRead('i.photo_id');
  const { rows } = await sql<ItemCounts & { photo_batch_id: string }>`
    SELECT i.photo_batch_id::text AS photo_batch_id,
      count(*)::int AS photos,
      count(*) FILTER (WHERE ${verified})::int AS uploaded,
      count(*) FILTER (WHERE (i.state = 'pending' OR NOT ${verified}) AND i.state <> 'ignored')::int AS pending,
      count(*) FILTER (WHERE NOT ${verified} AND NOT ${verifying} AND i.state <> 'ignored')::int AS not_uploaded,
      count(*) FILTER (WHERE ${verifying} AND i.state <> 'ignored')::int AS verifying,
      count(*) FILTER (WHERE i.state = 'card')::int AS cards,
      count(*) FILTER (WHERE i.state = 'matched')::int AS matched,
      count(*) FILTER (WHERE i.state = 'unmatched')::int AS unmatched,
      count(*) FILTER (WHERE i.state = 'ambiguous')::int AS ambiguous,
      count(*) FILTER (WHERE i.state = 'ignored')::int AS ignored,
      count(*) FILTER (WHERE i.state = 'matched' AND i.warning_code IS NOT NULL)::int AS warned
    FROM photo_batch_items i
    WHERE i.photo_batch_id = ANY(${batchIds}::bigint[])
    GROUP BY i.photo_batch_id`.execute(db);
  for (const id of batchIds) {
    const { photo_batch_id: _, ...row } = rows.find((r) => r.photo_batch_id === id) ?? {
      photo_batch_id: id,
      ...none,
    };
    counts.set(id, row);
  }
  return counts;
}

/**
 * Moves a batch from one of `from` to `to` (with `set`); null when another request got there first. The
 * move is told live to the project's streams (publishEvent) when `db`'s transaction commits.
 */
export async function moveBatch(
  db: Db,
  id: string,
  from: BatchState[],
  to: BatchState,
  set: Partial<Pick<BatchRow, 'error' | 'matched_at' | 'applied_at' | 'primary_rule'>> & {
    report?: string;
  } = {},
) {
  const row = await db
    .updateTable('photo_batches')
    .set({ state: to, updated_at: new Date(), ...set })
    .where('id', '=', id)
    .where('state', 'in', from)
    .returningAll()
    .executeTakeFirst();
  if (row)
    await publishEvent(
      db,
      { projectId: row.project_id },
      { type: 'photo-batch.state', photo_batch_id: id, state: to },
    );
  return row;
}

/** Why a batch whose job is gone ended failed (stranded-records sweep), by the state it was left in. */
export const BATCH_STOPPED = {
  matching: 'matching stopped before it finished; match again',
  applying: 'applying stopped before it finished; nothing was assigned: match again, then apply',
} as const;

/**
 * Batches matching or applying whose job will never end them (it failed for good, or is gone from the
 * queue): failed with a reason, told live to the project's streams. One whose job waits or is retried is
 * left as it is. Answers how many ended.
 */
export async function failStrandedBatches(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable('photo_batches as b')
      .set({
        state: 'failed',
        error: sql<string>`CASE b.state WHEN 'matching' THEN ${BATCH_STOPPED.matching} ELSE ${BATCH_STOPPED.applying} END`,
        updated_at: new Date(),
      })
      .where((eb) =>
        eb.or([
          eb.and([
            eb('b.state', '=', 'matching'),
            strandedBy('photo-batches.match', 'photo_batch_id', 'b.id', 'b.updated_at'),
          ]),
          eb.and([
            eb('b.state', '=', 'applying'),
            strandedBy('photo-batches.apply', 'photo_batch_id', 'b.id', 'b.updated_at'),
          ]),
        ]),
      )
      .returning(['b.id', 'b.project_id'])
      .execute();
    for (const batch of ended)
      await publishEvent(
        trx,
        { projectId: batch.project_id },
        { type: 'photo-batch.state', photo_batch_id: batch.id, state: 'failed' },
      );
    return ended.length;
  });
}

export const setMappingFile = (
  db: Db,
  id: string,
  values: Pick<
    BatchRow,
    | 'mapping_storage_key'
    | 'mapping_file_name'
    | 'mapping_file_column'
    | 'mapping_value_column'
    | 'mapping_uploaded_at'
  > & { mapping_byte_size: number },
) =>
  db
    .updateTable('photo_batches')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const markMappingUploaded = (db: Db, id: string, size: number) =>
  db
    .updateTable('photo_batches')
    .set({ mapping_uploaded_at: new Date(), mapping_byte_size: size })
    .where('id', '=', id)
    .execute();

export const findItem = (db: Db, id: string) =>
  db.selectFrom('photo_batch_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const findItemByFile = (db: Db, batchId: string, fileName: string, byteSize: number) =>
  db
    .selectFrom('photo_batch_items')
    .selectAll()
    .where('photo_batch_id', '=', batchId)
    .where('file_name', '=', fileName)
    .where('byte_size', '=', String(byteSize))
    .executeTakeFirst();

/** The batch's item for a file, or undefined when the same file (name and size) got there first. */
export const insertItem = (db: Db, values: Insertable<PhotoBatchItemsTable>) =>
  db
    .insertInto('photo_batch_items')
    .values(values)
    .onConflict((oc) => oc.columns(['photo_batch_id', 'file_name', 'byte_size']).doNothing())
    .returningAll()
    .executeTakeFirst();

/** Re-opens a reviewed or matched batch when a new photo joins it (it must be matched again). */
export const reopenBatch = (db: Db, id: string) =>
  db
    .updateTable('photo_batches')
    .set({ state: 'open', updated_at: new Date() })
    .where('id', '=', id)
    .where('state', 'in', ['matched', 'failed'])
    .execute();

export function itemsPage(db: Db, batchId: string, states: string[] | undefined, paging: PageRequest) {
  let query = db.selectFrom('photo_batch_items').selectAll().where('photo_batch_id', '=', batchId);
  if (states?.length) query = query.where('state', 'in', states as ItemRow['state'][]);
  return pageOf(
    db,
    query,
    (q) => q.orderBy(sql`sequence`, (ob) => ob.asc().nullsLast()).orderBy('id'),
    paging,
  );
}

/** Every item of a batch, for the match and apply jobs (a few thousand small rows). */
export const batchItems = (db: Db, batchId: string) =>
  db
    .selectFrom('photo_batch_items')
    .selectAll()
    .where('photo_batch_id', '=', batchId)
    .orderBy('id')
    .execute();

/** What photos.verify or the match job read of a photo: its capture time, camera and card code. */
export interface Reading {
  id: string;
  captured_at: Date | null;
  camera_key: string | null;
  card_code: string | null;
  /** Whether verification found a sharp face (1) or none (0) in a frame without a code; absent: not looked. */
  face_count?: number | null;
}

/** What the match job read of photos (capture time, camera, card code), kept so a new match does not read again. */
export async function saveReadings(db: Db, rows: Reading[]) {
  if (rows.length === 0) return;
  await sql`
    UPDATE photo_batch_items i
    SET captured_at = v.t, camera_key = v.k, card_code = v.c, code_read_at = now(),
      face_count = COALESCE(v.f, i.face_count)
    FROM unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.captured_at?.toISOString() ?? null)}::timestamptz[], ${rows.map((r) => r.camera_key)}::text[], ${rows.map((r) => r.card_code)}::text[], ${rows.map((r) => r.face_count ?? null)}::smallint[]) AS v(id, t, k, c, f)
    WHERE i.id = v.id`.execute(db);
}

/**
 * What the match found of camera_card frames without a code: the faces in them (photos not checked yet),
 * and whether their originals were read again thoroughly (with the code found, if any).
 */
export async function saveCardLooks(
  db: Db,
  rows: { id: string; face_count: number | null; thorough: boolean; card_code: string | null }[],
) {
  if (rows.length === 0) return;
  await sql`
    UPDATE photo_batch_items i
    SET face_count = COALESCE(v.f, i.face_count),
      card_read_thoroughly_at = CASE WHEN v.th THEN now() ELSE i.card_read_thoroughly_at END,
      card_code = COALESCE(v.c, i.card_code)
    FROM unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.face_count)}::smallint[], ${rows.map((r) => r.thorough)}::boolean[], ${rows.map((r) => r.card_code)}::text[]) AS v(id, f, th, c)
    WHERE i.id = v.id`.execute(db);
}

/** Writes a match's outcome for every item of it, in one statement. */
export async function saveMatches(db: Db, matches: MatchedItem[]) {
  if (matches.length === 0) return;
  await sql`
    UPDATE photo_batch_items i
    SET sequence = v.seq, state = v.state, subject_id = v.subject_id,
      candidate_subject_ids = COALESCE(string_to_array(v.candidates, ',')::bigint[], '{}'),
      card_code = COALESCE(v.code, i.card_code), reason_code = v.reason,
      value_read = v.value_read, warning_code = v.warning
    FROM unnest(
      ${matches.map((m) => m.id)}::bigint[],
      ${matches.map((m) => m.sequence)}::int[],
      ${matches.map((m) => m.state)}::text[],
      ${matches.map((m) => m.subject_id)}::bigint[],
      ${matches.map((m) => (m.candidate_subject_ids.length ? m.candidate_subject_ids.join(',') : null))}::text[],
      ${matches.map((m) => m.card_code)}::text[],
      ${matches.map((m) => m.reason_code)}::text[],
      ${matches.map((m) => m.value_read)}::text[],
      ${matches.map((m) => m.warning_code)}::text[]
    ) AS v(id, seq, state, subject_id, candidates, code, reason, value_read, warning)
    WHERE i.id = v.id`.execute(db);
}

export function reviewItem(
  db: Db,
  id: string,
  values: Pick<ItemRow, 'state' | 'subject_id' | 'reason_code' | 'reviewed'>,
) {
  return db
    .updateTable('photo_batch_items')
    .set({ ...values, candidate_subject_ids: [] })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const setItemSubjects = async (db: Db, rows: { id: string; subject_id: string }[]) => {
  if (rows.length === 0) return;
  await sql`
    UPDATE photo_batch_items i SET subject_id = v.s
    FROM unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.subject_id)}::bigint[]) AS v(id, s)
    WHERE i.id = v.id`.execute(db);
};

export const markItemsApplied = (db: Db, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve()
    : db
        .updateTable('photo_batch_items')
        .set({ applied_at: new Date() })
        .where('id', 'in', ids)
        .where('applied_at', 'is', null)
        .execute();

export const saveReport = (db: Db, id: string, report: object) =>
  db
    .updateTable('photo_batches')
    .set({ report: JSON.stringify(report), updated_at: new Date() })
    .where('id', '=', id)
    .execute();

/**
 * The names of the files of batches whose bytes never arrived (not verified nor being verified, not
 * ignored), at most `limit`
 * per batch by name, in one query: what the batch page lists as not uploaded (counts.not_uploaded is all).
 */
export async function notUploadedFileNames(db: Db, batchIds: string[], limit: number) {
  const names = new Map<string, string[]>(batchIds.map((id) => [id, []]));
  if (batchIds.length === 0) return names;
  const verified = photoVerifiedRead('i.photo_id');
  const verifying = photoVerifyingRead('i.photo_id');
  const { rows } = await sql<{ photo_batch_id: string; file_name: string }>`
    SELECT photo_batch_id, file_name FROM (
      SELECT i.photo_batch_id::text AS photo_batch_id, i.file_name,
        row_number() OVER (PARTITION BY i.photo_batch_id ORDER BY i.file_name, i.id) AS n
      FROM photo_batch_items i
      WHERE i.photo_batch_id = ANY(${batchIds}::bigint[]) AND i.state <> 'ignored' AND NOT ${verified}
        AND NOT ${verifying}
    ) missing
    WHERE n <= ${limit}
    ORDER BY photo_batch_id, n`.execute(db);
  for (const r of rows) names.get(r.photo_batch_id)?.push(r.file_name);
  return names;
}

// ---------- Tethered capture: a station's live batch as it goes ----------

/** The station's live batch, if its uploader opened one. */
export const liveBatchOfStation = (db: Db, stationId: string) =>
  db.selectFrom('photo_batches').selectAll().where('station_id', '=', stationId).executeTakeFirst();

/**
 * A student's frames in a batch, in capture order: matched to them, or offered to them for review
 * (a candidate), each with its photo, its portrait auto crop and whether it is the student's primary.
 */
export async function framesOfSubject(db: Db, batchId: string, subjectId: string) {
  const items = await db
    .selectFrom('photo_batch_items')
    .selectAll()
    .where('photo_batch_id', '=', batchId)
    .where((eb) =>
      eb.or([
        eb('subject_id', '=', subjectId),
        eb(sql.val(subjectId), '=', sql<string>`ANY(candidate_subject_ids)`),
      ]),
    )
    .where('state', 'in', ['matched', 'unmatched', 'ambiguous'])
    .execute();
  if (items.length === 0) return [];
  const photos = await selectPhotos(db)
    .select([
      sql<{ x: number; y: number; width: number; height: number } | null>`(
        SELECT json_build_object('x', c.x, 'y', c.y, 'width', c.width, 'height', c.height) FROM photo_crops c
        WHERE c.photo_id = ph.id AND c.source = 'auto' AND c.aspect = ${PORTRAIT_ASPECT} LIMIT 1)`.as(
        'auto_crop',
      ),
      sql<boolean>`EXISTS (SELECT 1 FROM subject_photo_assignments a
        WHERE a.photo_id = ph.id AND a.subject_id = ${subjectId} AND a.is_primary)`.as('is_primary'),
    ])
    .where(
      'ph.id',
      'in',
      items.map((i) => i.photo_id),
    )
    .execute();
  const byId = new Map(photos.map((p) => [p.id, p]));
  const time = (i: ItemRow) => i.captured_at?.getTime() ?? Number.POSITIVE_INFINITY;
  return items
    .filter((i) => byId.has(i.photo_id))
    .sort(
      (a, b) =>
        (a.sequence ?? 0) - (b.sequence ?? 0) || time(a) - time(b) || Number(BigInt(a.id) - BigInt(b.id)),
    )
    .map((item) => {
      const { auto_crop, is_primary, ...photo } = byId.get(item.photo_id)!;
      return { item, photo: photo as PhotoRow, auto_crop, is_primary };
    });
}

/** A batch's frames still on their way: their bytes being verified, or verified and not matched yet. */
export async function processingCount(db: Db, batchId: string) {
  const verifying = photoVerifyingRead('i.photo_id');
  const verified = photoVerifiedRead('i.photo_id');
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM photo_batch_items i
    WHERE i.photo_batch_id = ${batchId} AND i.state <> 'ignored'
      AND (${verifying} OR (i.state = 'pending' AND ${verified}))`.execute(db);
  return rows[0]?.n ?? 0;
}

/** Marks an item as its subject's pick in the batch, the one picked before no longer. */
export async function pickItem(db: Db, batchId: string, subjectId: string, itemId: string) {
  await db
    .updateTable('photo_batch_items')
    .set({ picked_at: null })
    .where('photo_batch_id', '=', batchId)
    .where('subject_id', '=', subjectId)
    .where('picked_at', 'is not', null)
    .where('id', '!=', itemId)
    .execute();
  return db
    .updateTable('photo_batch_items')
    .set({ picked_at: sql`coalesce(picked_at, now())` })
    .where('id', '=', itemId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The batch's row locked until the transaction ends: one live match at a time per batch. */
export const lockBatch = (trx: Db, id: string) =>
  trx.selectFrom('photo_batches').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** The live batch item of a photo (a station's batch), with its batch. */
export const liveItemOfPhoto = (db: Db, photoId: string) =>
  db
    .selectFrom('photo_batch_items as i')
    .innerJoin('photo_batches as b', 'b.id', 'i.photo_batch_id')
    .select(['i.id', 'i.photo_batch_id', 'b.station_id', 'b.photo_session_id', 'b.project_id'])
    .where('i.photo_id', '=', photoId)
    .where('b.station_id', 'is not', null)
    .executeTakeFirst();

/**
 * Every item of a batch with what matching reads of its photo (verified, content hash, checked), in one
 * query: a live match reads it on every frame.
 */
export const batchItemsWithPhotos = (db: Db, batchId: string) =>
  db
    .selectFrom('photo_batch_items as i')
    .innerJoin('photos as ph', 'ph.id', 'i.photo_id')
    .selectAll('i')
    .select(['ph.upload_verified_at', 'ph.content_sha256', 'ph.checked_at', 'ph.checks'])
    .where('i.photo_batch_id', '=', batchId)
    .orderBy('i.id')
    .execute();
