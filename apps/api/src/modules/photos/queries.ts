import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * What other areas may read of a subject's photos, as SQL over a subject id column (`s.id`): the photos
 * module owns `subject_photo_assignments`, and these fragments are the only way others read it.
 */
export const subjectPhotoReads = (subjectIdColumn: string) => {
  const subjectId = sql.ref(subjectIdColumn);
  return {
    count: sql<number>`(SELECT count(*)::int FROM subject_photo_assignments a WHERE a.subject_id = ${subjectId})`,
    primaryPhotoId: sql<
      string | null
    >`(SELECT a.photo_id::text FROM subject_photo_assignments a WHERE a.subject_id = ${subjectId} AND a.is_primary)`,
    hasAny: sql<boolean>`EXISTS (SELECT 1 FROM subject_photo_assignments a WHERE a.subject_id = ${subjectId})`,
  };
};

/** Whether a photo is one of a subject's own (assigned to it). */
export async function isPhotoOfSubject(db: Db, subjectId: string, photoId: string) {
  const assigned = await db
    .selectFrom('subject_photo_assignments')
    .select('id')
    .where('subject_id', '=', subjectId)
    .where('photo_id', '=', photoId)
    .executeTakeFirst();
  return !!assigned;
}
