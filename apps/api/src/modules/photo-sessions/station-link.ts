import type { Db } from '../../db/database.js';
import { DAY_MS } from '../../time.js';
import { newSecret } from '../auth/tokens.js';
import { stationByLinkHash } from './queries.js';

/**
 * A station link signs a device in for one photo session: its token is a Bearer token (256 random bits,
 * stored only as its sha-256 like every other token) that http/auth.ts resolves to this principal, which
 * may call only its session's station routes (STATION_LINK_ACTIONS) and is out of view everywhere else.
 */
export interface StationPrincipal {
  station_id: string;
  photo_session_id: string;
  project_id: string;
  organization_id: string;
}

/** The station a live link's token hash signs in, or undefined (revoked, expired, unknown). */
export async function stationOfLink(db: Db, hash: Buffer): Promise<StationPrincipal | undefined> {
  return stationByLinkHash(db, hash);
}

/**
 * When a link made for a session on `date` (YYYY-MM-DD) stops working: the end of that day wherever the
 * school is, read as the last time zone to end it (UTC-12), i.e. noon UTC the day after. The product keeps
 * no time zone per school; this never cuts a shoot short and ends the link within a day of the session.
 */
export function linkExpiry(date: string): Date {
  return new Date(Date.parse(`${date}T12:00:00Z`) + DAY_MS);
}

/** A new link: its token (given once, to the studio) and what is stored of it. */
export function newStationLink(date: string) {
  const { secret, hash } = newSecret();
  return { token: secret, hash, expiresAt: linkExpiry(date) };
}

/** The address a device opens: the token rides in the fragment, which browsers never send to a server. */
export const stationLinkUrl = (publicUrl: string, sessionId: string, stationId: string, token: string) =>
  `${publicUrl}/photo-sessions/${sessionId}/stations/${stationId}#token=${encodeURIComponent(token)}`;
