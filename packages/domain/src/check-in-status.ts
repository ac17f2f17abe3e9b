/**
 * A student's status in a picture-day session, from every station's check-ins: they merge by the time
 * the device gave each one (the latest wins), whichever station or order they arrived in, so two stations
 * that checked in one student never need anyone to choose. An undo takes the student back to waiting.
 */
export type CheckInStatus = 'photographed' | 'absent' | 'retake' | 'undo';
export type SessionStatus = 'waiting' | 'photographed' | 'absent' | 'retake';

export interface CheckInLike {
  client_id: string;
  status: CheckInStatus;
  /** The device's time, ISO 8601. */
  at: string;
  station_id?: string | null;
  note?: string | null;
}

export interface StudentState {
  status: SessionStatus;
  /** The check-in that decided it (none while waiting with no check-in). */
  last: CheckInLike | null;
}

/** Later first by device time; equal times by client id, so every device orders them alike. */
function later(a: CheckInLike, b: CheckInLike): boolean {
  const ta = Date.parse(a.at);
  const tb = Date.parse(b.at);
  if (ta !== tb) return ta > tb;
  return a.client_id > b.client_id;
}

/** One student's state from their check-ins, in any order (the same check-in twice counts once). */
export function studentState(checkIns: readonly CheckInLike[]): StudentState {
  let last: CheckInLike | null = null;
  for (const checkIn of checkIns) if (!last || later(checkIn, last)) last = checkIn;
  if (!last || last.status === 'undo') return { status: 'waiting', last };
  return { status: last.status, last };
}

/** Every student's state by their key (subject or walk-up), from a session's check-ins. */
export function sessionStates<K>(checkIns: readonly (CheckInLike & { key: K })[]): Map<K, StudentState> {
  const byKey = new Map<K, CheckInLike[]>();
  for (const checkIn of checkIns) {
    const list = byKey.get(checkIn.key);
    if (list) list.push(checkIn);
    else byKey.set(checkIn.key, [checkIn]);
  }
  return new Map([...byKey].map(([key, list]) => [key, studentState(list)]));
}

export interface ClassCounts {
  photographed: number;
  absent: number;
  retake: number;
  /** Not photographed yet: waiting or asked for a retake. */
  remaining: number;
  total: number;
}

/** A class's counts from its students' states (a student with no check-in is waiting). */
export function classCounts(states: readonly (StudentState | undefined)[]): ClassCounts {
  const counts: ClassCounts = { photographed: 0, absent: 0, retake: 0, remaining: 0, total: states.length };
  for (const state of states) {
    const status = state?.status ?? 'waiting';
    if (status === 'photographed') counts.photographed += 1;
    else if (status === 'absent') counts.absent += 1;
    else {
      if (status === 'retake') counts.retake += 1;
      counts.remaining += 1;
    }
  }
  return counts;
}
