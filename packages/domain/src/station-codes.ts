/**
 * What a station reads from a scan (a camera card's QR or Code 128, a school ID card's Code 39 / 128, a
 * handheld scanner's typing): a camera card carries `SPC1:` and the subject's 8-character card code;
 * anything else is taken as a Student ID.
 */
const CARD = /^SPC1:([0-9A-HJKMNP-TV-Z]{8})$/i;

export type ScannedCode = { kind: 'card'; code: string } | { kind: 'student_id'; code: string };

/** The scanned text read as a card code or a Student ID; null when nothing is left of it. */
export function readScannedCode(text: string): ScannedCode | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const card = CARD.exec(trimmed);
  if (card?.[1]) return { kind: 'card', code: card[1].toUpperCase() };
  return { kind: 'student_id', code: trimmed };
}

/**
 * The one person a scan names among `people`, by card code (any case) or Student ID (as printed, case
 * ignored), or null when none or more than one does.
 */
export function findByScan<T extends { card_code?: string | null; student_id?: string | null }>(
  people: readonly T[],
  text: string,
): T | null {
  const scanned = readScannedCode(text);
  if (!scanned || readClockCard(text)) return null;
  const wanted = scanned.code.toUpperCase();
  const found = people.filter((person) =>
    scanned.kind === 'card'
      ? person.card_code?.toUpperCase() === wanted
      : person.student_id?.trim().toUpperCase() === wanted || person.card_code?.toUpperCase() === wanted,
  );
  return found.length === 1 ? (found[0] ?? null) : null;
}

/**
 * A station's clock card: a QR holding the station's id and its time (ms since 1970), photographed by a
 * camera at the start of a shoot, so matching by check-in can tell that camera's clock offset from the
 * station's (and the station's from the server's, which it reports when it shows the card).
 */
const CLOCK = /^SPCLK1:(\d{1,19}):(\d{1,16})$/;

export const clockCardPayload = (stationId: string, at: Date) => `SPCLK1:${stationId}:${at.getTime()}`;

/** The station and time a clock card's text holds, or null when the text is not a clock card. */
export function readClockCard(text: string): { station_id: string; at: Date } | null {
  const match = CLOCK.exec(text.trim());
  if (!match?.[1] || !match[2]) return null;
  const at = new Date(Number(match[2]));
  return Number.isNaN(at.getTime()) ? null : { station_id: match[1], at };
}
