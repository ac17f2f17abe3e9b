import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { CheckIn, CheckInOutcome, Roster, Station } from '../api';

/**
 * What a station keeps on the device (IndexedDB), so a day without network loses nothing and a reload
 * keeps the station: each session's roster as last read, and every check-in it knows of, its own waiting
 * to be sent and the ones the server listed. The queue survives reloads and closed tabs.
 */

export type SyncState = 'waiting' | 'synced' | 'refused';

export interface StoredCheckIn {
  client_id: string;
  session_id: string;
  check_in: CheckIn;
  /** Made on this device (else read from the server). */
  mine: boolean;
  sync: SyncState;
  /** Whom it is about, as the station keys people (a walk-up made here: `c<client id>`). */
  person_key?: string;
  /** When this device queued it, to send the oldest first. */
  queued_at: number;
  outcome?: CheckInOutcome;
}

export interface StoredRoster extends Roster {
  session_id: string;
  saved_at: string;
  station: Station | null;
  /** The newest `received_at` of the check-ins read, to ask only for newer ones. */
  since: string | null;
}

interface StationDb extends DBSchema {
  rosters: { key: string; value: StoredRoster };
  'check-ins': {
    key: string;
    value: StoredCheckIn;
    indexes: { session: string; 'session-sync': [string, SyncState] };
  };
}

let opened: Promise<IDBPDatabase<StationDb>> | null = null;

function db() {
  opened ??= openDB<StationDb>('sp-station', 1, {
    upgrade(database) {
      database.createObjectStore('rosters', { keyPath: 'session_id' });
      const checkIns = database.createObjectStore('check-ins', { keyPath: 'client_id' });
      checkIns.createIndex('session', 'session_id');
      checkIns.createIndex('session-sync', ['session_id', 'sync']);
    },
  });
  return opened;
}

export async function loadRoster(sessionId: string) {
  return (await db()).get('rosters', sessionId);
}

export async function saveRoster(roster: StoredRoster) {
  await (await db()).put('rosters', roster);
}

export async function loadCheckIns(sessionId: string) {
  return (await db()).getAllFromIndex('check-ins', 'session', sessionId);
}

/** Queues a check-in made here, to be sent when the network lets. */
export async function queueCheckIn(sessionId: string, checkIn: CheckIn, personKey: string) {
  const stored: StoredCheckIn = {
    client_id: checkIn.client_id,
    session_id: sessionId,
    check_in: checkIn,
    person_key: personKey,
    mine: true,
    sync: 'waiting',
    queued_at: Date.now(),
  };
  await (await db()).put('check-ins', stored);
  return stored;
}

/** The oldest of this session's check-ins waiting to be sent, at most `limit`. */
export async function waitingCheckIns(sessionId: string, limit: number) {
  const all = await (await db()).getAllFromIndex('check-ins', 'session-sync', [sessionId, 'waiting']);
  return all.sort((a, b) => a.queued_at - b.queued_at).slice(0, limit);
}

/** Marks sent check-ins with what the server made of them. */
export async function markSent(outcomes: { client_id: string; sync: SyncState; outcome?: CheckInOutcome }[]) {
  const tx = (await db()).transaction('check-ins', 'readwrite');
  for (const { client_id, sync, outcome } of outcomes) {
    const stored = await tx.store.get(client_id);
    if (stored) await tx.store.put({ ...stored, sync, outcome });
  }
  await tx.done;
}

/** Keeps check-ins the server listed (other stations' too); this device's own keep their record. */
export async function saveServerCheckIns(sessionId: string, checkIns: CheckIn[]) {
  const tx = (await db()).transaction('check-ins', 'readwrite');
  for (const checkIn of checkIns) {
    const stored = await tx.store.get(checkIn.client_id);
    if (stored?.mine) {
      if (stored.sync !== 'synced') await tx.store.put({ ...stored, sync: 'synced' });
      continue;
    }
    await tx.store.put({
      client_id: checkIn.client_id,
      session_id: sessionId,
      check_in: checkIn,
      mine: false,
      sync: 'synced',
      queued_at: Date.now(),
    });
  }
  await tx.done;
}
