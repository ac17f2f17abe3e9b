/**
 * Picture day's matching, pure: which subject each photo of a batch belongs to, from the camera cards in
 * the batch's capture order, a field value in each file name, or a mapping file's rows. No I/O here: the
 * match job reads capture times, card codes and the mapping file, then asks `matchItems`.
 */

export type MatchBy = 'camera_card' | 'file_name' | 'mapping_file';
export type ItemState = 'pending' | 'card' | 'matched' | 'unmatched' | 'ambiguous' | 'ignored';
export const REASON_CODES = [
  'card',
  'no_card_before',
  'unknown_code',
  'new_subject',
  'no_value',
  'no_such_value',
  'several_subjects',
  'not_in_mapping_file',
  'not_verified',
  'pending_before',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

export interface ItemToMatch {
  id: string;
  file_name: string;
  captured_at: Date | null;
  /** As the browser gave it (File.lastModified): places a photo whose capture time is not read yet. */
  last_modified?: Date | null;
  verified: boolean;
  /** The camera card code read in the photo (camera_card), or null. */
  code: string | null;
  /** Assigned or ignored by hand: its state and subject stay. */
  reviewed: boolean;
  state: ItemState;
  subject_id: string | null;
}

export interface SubjectToMatch {
  id: string;
  card_code: string;
  /** The match field's value (file_name, mapping_file). */
  value: string;
}

export interface MatchedItem {
  id: string;
  sequence: number;
  state: ItemState;
  subject_id: string | null;
  candidate_subject_ids: string[];
  card_code: string | null;
  reason_code: ReasonCode | null;
}

export interface MatchInput {
  matchBy: MatchBy;
  createExtras: boolean;
  items: ItemToMatch[];
  subjects: SubjectToMatch[];
  /** mapping_file: file name (lower case, no folder) -> field value. */
  mapping?: Map<string, string>;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The batch's capture order: capture time (photos without one last), then file name, then upload order. */
export function captureOrder<T extends Pick<ItemToMatch, 'id' | 'file_name' | 'captured_at'>>(
  items: T[],
): T[] {
  return [...items].sort((a, b) => {
    const ta = a.captured_at?.getTime() ?? Number.POSITIVE_INFINITY;
    const tb = b.captured_at?.getTime() ?? Number.POSITIVE_INFINITY;
    if (ta !== tb) return ta < tb ? -1 : 1;
    return collator.compare(a.file_name, b.file_name) || Number(BigInt(a.id) - BigInt(b.id));
  });
}

/**
 * Whether a photo not uploaded yet (its capture time unknown) was taken before `other`: by the time its
 * file was written, which a camera does in capture order, beside the other's (both as the browser gave
 * them); else, or on a tie, by file name, which a camera numbers in order too.
 */
function takenBefore(photo: ItemToMatch, other: ItemToMatch): boolean {
  const mine = photo.last_modified?.getTime();
  const theirs = other.last_modified?.getTime();
  if (other.captured_at && mine !== undefined && theirs !== undefined && mine !== theirs)
    return mine < theirs;
  return collator.compare(photo.file_name, other.file_name) < 0;
}

/**
 * The capture order with the photos not uploaded yet in their likely places rather than last (their
 * capture time is read from bytes that have not arrived): each goes before the first photo it was taken
 * before. A missing photo may be a camera card, so where it sits decides which photos it may have started.
 */
export function matchOrder(items: ItemToMatch[]): ItemToMatch[] {
  const unplaced = (i: ItemToMatch) => !i.verified && i.captured_at === null;
  const result = captureOrder(items.filter((i) => !unplaced(i)));
  const missing = items
    .filter(unplaced)
    .sort(
      (a, b) =>
        (a.last_modified?.getTime() ?? 0) - (b.last_modified?.getTime() ?? 0) ||
        collator.compare(a.file_name, b.file_name),
    );
  for (const photo of missing) {
    const at = result.findIndex((other) => !unplaced(other) && takenBefore(photo, other));
    result.splice(at < 0 ? result.length : at, 0, photo);
  }
  return result;
}

/** A file name without its folder (capture software writes either slash). */
export const baseName = (fileName: string) => fileName.split(/[\\/]/).pop() ?? fileName;
const stemOf = (fileName: string) => baseName(fileName).replace(/\.[^.]*$/, '');
/** Values compare as written (leading zeros kept), ignoring case and surrounding blanks. */
const norm = (value: string) => value.trim().toUpperCase();

/**
 * The values a file name may carry, most specific first: the whole name (`00123`), then its parts without
 * a trailing shot number (`00123_2` -> `00123`; `Smith_Ava_00123` -> Smith, Ava, 00123), then every part.
 */
export function fileNameCandidates(fileName: string): string[][] {
  const stem = stemOf(fileName).trim();
  const parts = (s: string) => s.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const withoutShot = stem.replace(/[\s_-]+\(?\d{1,2}\)?$/, '');
  const steps = [[stem], withoutShot !== stem && withoutShot ? parts(withoutShot) : [], parts(stem)];
  return steps.filter((s) => s.length > 0);
}

function byValue(subjects: SubjectToMatch[]) {
  const index = new Map<string, string[]>();
  for (const s of subjects) {
    const v = norm(s.value);
    if (!v) continue;
    const list = index.get(v);
    if (list) list.push(s.id);
    else index.set(v, [s.id]);
  }
  return index;
}

type Outcome = Pick<
  MatchedItem,
  'state' | 'subject_id' | 'candidate_subject_ids' | 'card_code' | 'reason_code'
>;
const outcome = (state: ItemState, reason: ReasonCode | null, subjectId: string | null = null): Outcome => ({
  state,
  subject_id: subjectId,
  candidate_subject_ids: [],
  card_code: null,
  reason_code: reason,
});

/** The subjects a set of values names: one (matched), several (ambiguous) or none. */
function bySubjects(ids: string[]): Outcome {
  const distinct = [...new Set(ids)];
  if (distinct.length === 1) return outcome('matched', null, distinct[0]);
  if (distinct.length > 1)
    return { ...outcome('ambiguous', 'several_subjects'), candidate_subject_ids: distinct.sort() };
  return outcome('unmatched', 'no_such_value');
}

function matchFileName(fileName: string, index: Map<string, string[]>): Outcome {
  const steps = fileNameCandidates(fileName);
  if (steps.length === 0) return outcome('unmatched', 'no_value');
  for (const values of steps) {
    const ids = values.flatMap((v) => index.get(norm(v)) ?? []);
    if (ids.length > 0) return bySubjects(ids);
  }
  return outcome('unmatched', 'no_such_value');
}

function matchMapping(fileName: string, mapping: Map<string, string>, index: Map<string, string[]>): Outcome {
  const name = baseName(fileName).toLowerCase();
  const value = mapping.get(name) ?? mapping.get(stemOf(name));
  if (value === undefined) return outcome('unmatched', 'not_in_mapping_file');
  if (!norm(value)) return outcome('unmatched', 'no_value');
  return bySubjects(index.get(norm(value)) ?? []);
}

/**
 * Every item's state, subject and reason, and its place in the capture order. Camera cards: a photo whose
 * code was read is a card (kept as a card, never a portrait) and starts its subject; the photos after it
 * are that subject's until the next card; before the first card they are unmatched ("no card before
 * it"); after an unknown code unmatched ("unknown code"), or, with `createExtras`, matched to the subject
 * apply makes for that code. Photos not verified yet stay pending (or ignored, when a person ignored
 * them); one may be a card, so the card before it does not carry past it: the photos after it, until the
 * next card, are unmatched ("a photo before it has not been uploaded"). Reviewed items keep their decision.
 */
export function matchItems(input: MatchInput): MatchedItem[] {
  const ordered = matchOrder(input.items);
  const index = byValue(input.subjects);
  const byCode = new Map(input.subjects.map((s) => [s.card_code, s.id]));
  let current: { code: string; subjectId: string | null } | 'not_uploaded' | null = null;
  return ordered.map((item, i) => {
    const sequence = i + 1;
    let result: Outcome;
    if (!item.verified) {
      if (input.matchBy === 'camera_card') current = 'not_uploaded';
      result =
        item.reviewed && item.state === 'ignored'
          ? outcome('ignored', 'not_verified')
          : outcome('pending', 'not_verified');
    } else if (input.matchBy === 'camera_card' && item.code) {
      current = { code: item.code, subjectId: byCode.get(item.code) ?? null };
      result = {
        ...outcome('card', current.subjectId ? 'card' : 'unknown_code', current.subjectId),
        card_code: item.code,
      };
    } else if (item.reviewed) {
      return {
        id: item.id,
        sequence,
        state: item.state,
        subject_id: item.subject_id,
        candidate_subject_ids: [],
        card_code: null,
        reason_code: null,
      };
    } else if (input.matchBy === 'camera_card') {
      if (!current) result = outcome('unmatched', 'no_card_before');
      else if (current === 'not_uploaded') result = outcome('unmatched', 'pending_before');
      else if (current.subjectId) result = outcome('matched', null, current.subjectId);
      else if (input.createExtras) result = { ...outcome('matched', 'new_subject'), card_code: current.code };
      else result = { ...outcome('unmatched', 'unknown_code'), card_code: current.code };
    } else if (input.matchBy === 'file_name') result = matchFileName(item.file_name, index);
    else result = matchMapping(item.file_name, input.mapping ?? new Map(), index);
    return { id: item.id, sequence, ...result };
  });
}
