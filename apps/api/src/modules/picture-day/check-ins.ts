import type { Db } from '../../db/database.js';
import { sessionCheckInRows } from '../photo-sessions/queries.js';
import type { CheckInToMatch } from './match.js';

/**
 * What matching by check-in reads of a photo session: its stations, and every check-in of it (undos
 * too, which take back check-ins), each with the subject it names: its own, or the one its walk-up
 * became when the studio approved it (null before).
 */
export async function sessionCheckIns(db: Db, photoSessionId: string) {
  const { stationIds, rows } = await sessionCheckInRows(db, photoSessionId);
  const checkIns: CheckInToMatch[] = rows.map((r) => ({
    id: r.id,
    client_id: r.client_id,
    station_id: r.station_id,
    person: r.subject_id ? `s${r.subject_id}` : `w${r.walk_up_id}`,
    subject_id: r.subject_id ?? r.walk_up_subject_id ?? null,
    status: r.status,
    at: r.at,
  }));
  return { stationIds, checkIns };
}
