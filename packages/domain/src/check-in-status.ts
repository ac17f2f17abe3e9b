/**
 * A student's status in a picture-day session, from every station's check-ins, merged as the server
 * merges them without asking anyone: a station's `undo` takes back that station's last standing check-in
 * of the student, and of what stands at all stations the latest by the device's time is the status. Worked
 * out from the whole history, so check-ins arriving in any order give the same answer on every device.
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
  /** The check-in that decided it (null while waiting). */
  last: CheckInLike | null;
}

/** Device time first; equal times by client id, so every device orders them alike. */
const byTime = (a: CheckInLike, b: CheckInLike) =>
  Date.parse(a.at) - Date.parse(b.at) || (a.client_id < b.client_id ? -1 : a.client_id > b.client_id ? 1 : 0);

/** One student's state from their check-ins, in any order. */
export function studentState(checkIns: readonly CheckInLike[]): StudentState {
  const stacks = new Map<string, CheckInLike[]>();
  for (const checkIn of [...checkIns].sort(byTime)) {
    const station = checkIn.station_id ?? '';
    const stack = stacks.get(station) ?? [];
    stacks.set(station, stack);
    if (checkIn.status === 'undo') stack.pop();
    else stack.push(checkIn);
  }
  let last: CheckInLike | null = null;
  for (const stack of stacks.values()) {
    const top = stack.at(-1);
    if (top && (!last || byTime(top, last) > 0)) last = top;
  }
  if (!last || last.status === 'undo') return { status: 'waiting', last: null };
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
