import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { requireWritten, unprocessable } from '../../http/errors.js';
import type { Access } from '../access/visibility.js';
import { findSubject } from '../subjects/service.js';
import { portraitFitness } from './queries.js';
import { findPhoto } from './service.js';

/** Subject-photo assignments: which photos a subject has, and which is its primary one. */
export function findAssignment(access: Access, id: string) {
  const from = (db: Db) =>
    db
      .selectFrom('subject_photo_assignments as a')
      .select(['a.id', 'a.subject_id', 'a.photo_id', 'a.is_primary']);
  return access.findRow('assignment', id, from, 'a.id');
}

/** One primary photo per subject: setting one unsets the others, in the same transaction. */
export async function setPrimary(db: Db, subjectId: string, assignmentId: string) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('subject_photo_assignments')
      .set({ is_primary: false })
      .where('subject_id', '=', subjectId)
      .where('id', '!=', assignmentId)
      .execute();
    // Unassigned meanwhile by a concurrent request: gone (404), and the subject keeps its primary.
    requireWritten(
      await trx
        .updateTable('subject_photo_assignments')
        .set({ is_primary: true })
        .where('id', '=', assignmentId)
        .executeTakeFirst(),
    );
  });
}

/** Assigns a verified photo to a subject of the same project (again: harmless), optionally as primary. */
export async function assignPhoto(
  ctx: AppContext,
  access: Access,
  body: { subject_id: string; photo_id: string; is_primary: boolean },
) {
  const subject = await findSubject(access, body.subject_id).catch(() => null);
  const photo = await findPhoto(access, body.photo_id).catch(() => null);
  const errors: Record<string, string[]> = {};
  if (!subject) errors.subject_id = ['is invalid'];
  if (!photo?.upload_verified_at) errors.photo_id = ['is invalid'];
  if (subject && photo && subject.project_id !== photo.project_id)
    errors.photo_id = ['belongs to another project'];
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const row = await ctx.db
    .insertInto('subject_photo_assignments')
    .values({ subject_id: subject!.id, photo_id: photo!.id })
    .onConflict((oc) =>
      oc.columns(['subject_id', 'photo_id']).doUpdateSet({ subject_id: sql`excluded.subject_id` }),
    )
    .returning(['id', 'subject_id', 'photo_id', 'is_primary'])
    .executeTakeFirstOrThrow();
  if (body.is_primary) await setPrimary(ctx.db, row.subject_id, row.id);
  return { ...row, is_primary: body.is_primary || row.is_primary };
}

export async function unassignPhoto(db: Db, assignmentId: string) {
  requireWritten(
    await db.deleteFrom('subject_photo_assignments').where('id', '=', assignmentId).executeTakeFirst(),
  );
}

/** Whether a photo (an id column, `o.photo_id`) is not checked yet, as SQL: apply's pending primaries. */
export const photoUncheckedRead = (photoIdColumn: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM photos ph WHERE ph.id = ${sql.ref(photoIdColumn)} AND ph.checked_at IS NULL)`;

/** A frame of a subject in capture order, with its fitness (portraitFitness; null: not checked yet). */
export interface Frame {
  subject_id: string;
  photo_id: string;
  fitness: number | null;
}

/**
 * Each subject's primary among its frames (in capture order): the last of the fittest that did not fail
 * (a passed frame before a merely usable one), never a failed one. `waiting`: subjects with a frame not
 * checked yet (chosen once checked); `failed`: subjects whose frames all failed (no primary: a retake).
 */
export function choosePrimaries(frames: Frame[]) {
  const best = new Map<string, Frame>();
  const waiting = new Set<string>();
  const seen = new Set<string>();
  for (const f of frames) {
    seen.add(f.subject_id);
    if (f.fitness === null) waiting.add(f.subject_id);
    else if (f.fitness > 0 && f.fitness >= (best.get(f.subject_id)?.fitness ?? 0)) best.set(f.subject_id, f);
  }
  const primaries = [...best.values()].filter((f) => !waiting.has(f.subject_id));
  const failed = [...seen].filter((s) => !waiting.has(s) && !best.has(s));
  return { primaries, waiting, failed };
}

/** The fitness of photos as portraits (portraitFitness), in one query. */
export async function fitnessOf(db: Db, photoIds: string[]): Promise<Map<string, number | null>> {
  if (photoIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('photos as ph')
    .select(['ph.id', portraitFitness('ph').as('fitness')])
    .where('ph.id', 'in', photoIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r.fitness]));
}

/**
 * Assigns many verified photos to their subjects at once (picture day's apply), in the caller's
 * transaction: a photo already assigned to its subject stays as it is, so applying twice changes nothing.
 * Answers how many assignments were made.
 */
export async function assignPhotosInBulk(
  db: Db,
  rows: { subject_id: string; photo_id: string }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await sql<{ id: string }>`
    INSERT INTO subject_photo_assignments (subject_id, photo_id)
    SELECT v.s, v.p FROM unnest(${rows.map((r) => r.subject_id)}::bigint[], ${rows.map((r) => r.photo_id)}::bigint[]) AS v(s, p)
    ON CONFLICT (subject_id, photo_id) DO NOTHING
    RETURNING id`.execute(db);
  return inserted.rows.length;
}

/**
 * Makes `primaries` (one assigned photo per subject) primary in one statement each: `if_none` only for a
 * subject without a primary photo, `newest` in place of the subject's primary (which stays assigned).
 */
export async function setPrimariesInBulk(
  db: Db,
  primaries: { subject_id: string; photo_id: string }[],
  rule: 'if_none' | 'newest',
): Promise<void> {
  if (primaries.length === 0) return;
  const subjects = primaries.map((p) => p.subject_id);
  const photos = primaries.map((p) => p.photo_id);
  if (rule === 'newest')
    await sql`
      UPDATE subject_photo_assignments a SET is_primary = false
      FROM unnest(${subjects}::bigint[], ${photos}::bigint[]) AS v(s, p)
      WHERE a.subject_id = v.s AND a.photo_id <> v.p AND a.is_primary`.execute(db);
  await sql`
    UPDATE subject_photo_assignments a SET is_primary = true
    FROM unnest(${subjects}::bigint[], ${photos}::bigint[]) AS v(s, p)
    WHERE a.subject_id = v.s AND a.photo_id = v.p AND NOT a.is_primary
      AND NOT EXISTS (SELECT 1 FROM subject_photo_assignments b WHERE b.subject_id = v.s AND b.is_primary)`.execute(
    db,
  );
}
