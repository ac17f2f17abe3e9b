/**
 * A student's status in a session, merged from every station's check-ins without asking anyone: each
 * station's `undo` takes back that station's last standing check-in of the student (by device time), and
 * of what stands at all stations the latest by device time is the student's status. Worked out from the
 * whole history each time, so check-ins arriving in any order (a station replaying its offline queue after
 * another's) give the same answer.
 */
export type CheckInStatus = 'photographed' | 'absent' | 'retake' | 'undo';
export type StandingStatus = Exclude<CheckInStatus, 'undo'>;

export interface CheckInFact {
  id: string;
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

const byTime = (a: CheckInFact, b: CheckInFact) =>
  a.at.getTime() - b.at.getTime() || Number(BigInt(a.id) - BigInt(b.id));

/** Every person's standing status in one session's check-ins (people with none left are absent from it). */
export function mergeStatuses(facts: CheckInFact[]): Map<string, PersonStatus> {
  const stacks = new Map<string, CheckInFact[]>();
  for (const fact of [...facts].sort(byTime)) {
    const key = `${fact.person}\u0000${fact.station_id}`;
    let stack = stacks.get(key);
    if (!stack) {
      stack = [];
      stacks.set(key, stack);
    }
    if (fact.status === 'undo') stack.pop();
    else stack.push(fact);
  }
  const statuses = new Map<string, PersonStatus>();
  for (const stack of stacks.values()) {
    const top = stack.at(-1);
    if (!top) continue;
    const current = statuses.get(top.person);
    if (current && byTime({ ...top, id: current.check_in_id, at: current.at }, top) >= 0) continue;
    statuses.set(top.person, {
      status: top.status as StandingStatus,
      at: top.at,
      station_id: top.station_id,
      check_in_id: top.id,
      note: top.note,
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
 * the roster's people (subjects and walk-ups waiting for review) with no status yet (remaining).
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
  counts.remaining = Math.max(0, rosterSize - counts.checked_in);
  return counts;
}
