import { type CheckInStatus, sessionStates } from '@school-portal/domain';

/**
 * A person's status in a session, merged from every station's check-ins by the domain's rule (the one
 * every station's device applies too, so they agree): a station's `undo` takes back that station's last
 * standing check-in, and of what stands at all stations the latest by device time is the status. Worked
 * out from the whole history each time, so check-ins arriving in any order give the same answer.
 */
export type { CheckInStatus };
export type StandingStatus = Exclude<CheckInStatus, 'undo'>;

export interface CheckInFact {
  id: string;
  client_id: string;
  photo_session_id: string;
  station_id: string;
  /** Whom it is about: `s<subject id>` or `w<walk-up id>`. */
  person: string;
  status: CheckInStatus;
  at: Date;
  note: string | null;
}

export interface PersonStatus {
  status: StandingStatus;
  at: Date;
  station_id: string;
  check_in_id: string;
  note: string | null;
}

/** Every person's standing status in one session's check-ins (people with none left are not in it). */
export function mergeStatuses(facts: CheckInFact[]): Map<string, PersonStatus> {
  const states = sessionStates(
    facts.map((fact) => ({ ...fact, key: fact.person, at: fact.at.toISOString(), fact })),
  );
  const statuses = new Map<string, PersonStatus>();
  for (const [person, state] of states) {
    const decided = (state.last as { fact: CheckInFact } | null)?.fact;
    if (state.status === 'waiting' || !decided) continue;
    statuses.set(person, {
      status: state.status,
      at: decided.at,
      station_id: decided.station_id,
      check_in_id: decided.id,
      note: decided.note,
    });
  }
  return statuses;
}

export interface SessionCounts {
  checked_in: number;
  photographed: number;
  absent: number;
  retake: number;
  walk_ups: number;
  remaining: number;
}

/**
 * A session's counts: people with a standing status (checked in), by status, the walk-ups added in it, and
 * the roster's people (subjects and walk-ups awaiting review) still to photograph: no status yet, or a
 * retake asked (as the domain's classCounts, which stations show).
 */
export function countStatuses(
  statuses: Map<string, PersonStatus>,
  rosterSize: number,
  walkUps: number,
): SessionCounts {
  const counts = { checked_in: 0, photographed: 0, absent: 0, retake: 0, walk_ups: walkUps, remaining: 0 };
  for (const { status } of statuses.values()) {
    counts.checked_in++;
    counts[status]++;
  }
  counts.remaining = Math.max(0, rosterSize - counts.photographed - counts.absent);
  return counts;
}
