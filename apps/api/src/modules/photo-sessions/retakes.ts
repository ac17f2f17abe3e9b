import { sql } from 'kysely';

/**
 * Whether a subject's latest check-in in any of its project's sessions asks for a retake (latest by the
 * device's time, then client id, as the merge orders them) and its station has not taken it back with an
 * undo since: the subjects grid's Retake Needed filter takes them in, so the retake day's camera cards are
 * printed from it. (A second undo bringing an earlier retake back is not followed: the session's retake
 * list, from the full merge, names it.)
 */
export const subjectRetakeAsked = (subjectIdColumn: string) => sql<boolean>`EXISTS (
  SELECT 1 FROM (
    SELECT c.status, c.station_id, c.at FROM check_ins c
    WHERE c.subject_id = ${sql.ref(subjectIdColumn)} AND c.status <> 'undo'
    ORDER BY c.at DESC, c.client_id DESC LIMIT 1
  ) latest
  WHERE latest.status = 'retake' AND NOT EXISTS (
    SELECT 1 FROM check_ins u
    WHERE u.subject_id = ${sql.ref(subjectIdColumn)} AND u.station_id = latest.station_id
      AND u.status = 'undo' AND u.at >= latest.at))`;
