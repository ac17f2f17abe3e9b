import type { Db } from '../../db/database.js';
import { notFound, unprocessable } from '../../http/errors.js';
import type { Access } from '../access/visibility.js';
import { type AuditActor, recordAudit } from '../audit/record.js';
import { lockPhotosOfSubjects } from '../photos/queries.js';
import { moveSubjectPhotos } from '../photos/service.js';
import {
  deleteSubjects,
  lockSubjectsOfProject,
  subjectsOfProjectInView,
  writeMergedSubject,
} from '../subjects/queries.js';

/** At most this many subjects merged into one at a time (a duplicate group is a handful). */
export const MAX_MERGED_SUBJECTS = 100;

const blank = (value: string | undefined) => !value?.trim();

/**
 * The kept subject's values with its blanks filled from the merged subjects, in the order given: a value
 * the kept subject has is never overwritten. Every field counts, hidden ones included (the caller may not
 * read them, but they are the subject's data all the same).
 */
export function mergedProperties(
  kept: Record<string, string>,
  merged: readonly Record<string, string>[],
): Record<string, string> {
  const result = { ...kept };
  for (const properties of merged)
    for (const [fieldId, value] of Object.entries(properties))
      if (blank(result[fieldId]) && !blank(value)) result[fieldId] = value;
  return result;
}

/**
 * The merged subject ids of a merge request, each a subject of the kept one's project in the caller's
 * view, never the kept one; otherwise 422 "is invalid" (a subject elsewhere says no more than a missing
 * one). Repeats count once.
 */
export async function checkMergedIds(
  db: Db,
  access: Access,
  kept: { id: string; project_id: string },
  ids: readonly string[],
): Promise<string[]> {
  const wanted = [...new Set(ids)];
  const found =
    wanted.includes(kept.id) || wanted.length === 0
      ? []
      : await subjectsOfProjectInView(db, access, kept.project_id, wanted);
  if (found.length !== wanted.length || wanted.length === 0)
    throw unprocessable({ merged_subject_ids: ['is invalid'] });
  return wanted;
}

/**
 * Merges duplicates into the subject kept, in one transaction: the merged subjects' photos move to it,
 * their values fill its blanks (never overwriting a value it has), its yearbook photo is taken from them
 * when it has none, then they are deleted and the merge is recorded in the trail. Only a new import
 * brings them back. The grid's version triggers see every change (the rows are written, not bypassed).
 */
export async function mergeSubjects(
  db: Db,
  actor: AuditActor,
  kept: { id: string; project_id: string; organization_id: string },
  mergedIds: string[],
): Promise<{ movedPhotoIds: string[] }> {
  const subjectIds = [kept.id, ...mergedIds];
  return db.transaction().execute(async (trx) => {
    // Their photos first, then the subjects, in id order: the order a subject's delete takes its locks in
    // (subjects/delete.ts), so a concurrent delete or merge of one of them waits instead of deadlocking,
    // and either committed before (and is seen here) or comes after.
    await lockPhotosOfSubjects(trx, subjectIds, { inIdOrder: true });
    const rows = await lockSubjectsOfProject(trx, kept.project_id, subjectIds);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const keptRow = byId.get(kept.id);
    if (!keptRow) throw notFound();
    if (mergedIds.some((id) => !byId.has(id))) throw unprocessable({ merged_subject_ids: ['is invalid'] });
    const merged = mergedIds.map((id) => byId.get(id)!);

    const movedPhotoIds = await moveSubjectPhotos(trx, mergedIds, kept.id);
    const yearbook =
      keptRow.yearbook_photo_id ?? merged.find((m) => m.yearbook_photo_id)?.yearbook_photo_id ?? null;
    await writeMergedSubject(trx, kept.id, {
      properties: mergedProperties(
        keptRow.properties,
        merged.map((m) => m.properties),
      ),
      yearbook_photo_id: yearbook,
    });
    await deleteSubjects(trx, mergedIds);
    await recordAudit(trx, actor, {
      action: 'subject.merge',
      recordType: 'subject',
      recordId: kept.id,
      projectId: kept.project_id,
      ownerOrganizationId: kept.organization_id,
      details: { merged_subject_ids: mergedIds, photo_ids: movedPhotoIds },
    });
    return { movedPhotoIds };
  });
}
