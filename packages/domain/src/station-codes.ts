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
  if (!scanned) return null;
  const wanted = scanned.code.toUpperCase();
  const found = people.filter((person) =>
    scanned.kind === 'card'
      ? person.card_code?.toUpperCase() === wanted
      : person.student_id?.trim().toUpperCase() === wanted || person.card_code?.toUpperCase() === wanted,
  );
  return found.length === 1 ? (found[0] ?? null) : null;
}
