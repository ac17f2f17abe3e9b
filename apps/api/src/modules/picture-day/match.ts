import { type CheckInStatus, readClockCard } from '@school-portal/domain';

/**
 * Picture day's matching, pure: which subject each photo of a batch belongs to, from the camera cards in
 * the batch's capture order, a field value in each file name, a mapping file's rows, or a photo session's
 * check-ins. No I/O here: the match job reads capture times, card codes, clock cards, the mapping file and
 * the check-ins, then asks `matchItems`.
 */

export type MatchBy = 'camera_card' | 'file_name' | 'mapping_file' | 'check_in';
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
  'unreadable_card',
  'unreadable_card_before',
  'long_pause',
  'duplicate',
  'clock_card',
  'no_clock_card',
  'unknown_clock_card',
  'no_capture_time',
  'no_check_in_before',
  'undone_check_in',
  'walk_up_pending',
  'long_after_check_in',
  'near_check_in',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];
/** What a match that succeeded wants a person to know (the value read was not the field's value as written). */
export const WARNING_CODES = ['zeros_restored'] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

export interface ItemToMatch {
  id: string;
  file_name: string;
  captured_at: Date | null;
  /** As the browser gave it (File.lastModified): places a photo whose capture time is not read yet. */
  last_modified?: Date | null;
  verified: boolean;
  /** The camera card code read in the photo (camera_card), or a station's clock card text (check_in), or null. */
  code: string | null;
  /**
   * The camera that took it, from its EXIF (make, model, body serial), or null when not read or absent:
   * then the folder in its file name stands for the camera.
   */
  camera?: string | null;
  /** camera_card: no code (even read thoroughly) and no face: a card the reader could not read. */
  unreadable_card?: boolean;
  /** The project already holds a photo with these bytes (another batch or album). */
  duplicate?: boolean;
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
  /** The match field's value as read (file name or mapping file), or null (camera cards). */
  value_read: string | null;
  warning_code: WarningCode | null;
}

export interface MatchInput {
  matchBy: MatchBy;
  createExtras: boolean;
  items: ItemToMatch[];
  subjects: SubjectToMatch[];
  /** mapping_file: file name (lower case, no folder) -> field value. */
  mapping?: Map<string, string>;
  /** check_in: every check-in of the batch's photo session (undos too), and the session's stations. */
  checkIns?: CheckInToMatch[];
  stationIds?: ReadonlySet<string>;
  /** check_in: the station whose live batch this is (tethered capture): its check-ins only, whatever clock card set a camera. */
  stationId?: string | null;
}

export interface CheckInToMatch {
  id: string;
  client_id: string;
  station_id: string;
  /** Whom it is about: `s<subject id>` or `w<walk-up id>`. */
  person: string;
  /** The subject: its own, or the one its walk-up became; null for a walk-up not approved yet. */
  subject_id: string | null;
  status: CheckInStatus;
  /** The station device's time. */
  at: Date;
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

/** Digits only, with its leading zeros (`00123`): a value a spreadsheet may have read as a number. */
const ZERO_PADDED = /^0+\d+$/;
/**
 * The values that spreadsheets strip of their leading zeros (`00123` read as `123`), by the number they
 * became: a mapping file's `123` then names exactly the Student ID `00123`, with a warning.
 */
function byStrippedValue(index: Map<string, string[]>) {
  const stripped = new Map<string, string[]>();
  for (const [value, ids] of index) {
    if (!ZERO_PADDED.test(value)) continue;
    const number = value.replace(/^0+(?=\d)/, '');
    stripped.set(number, [...(stripped.get(number) ?? []), ...ids]);
  }
  return stripped;
}

type Outcome = Pick<
  MatchedItem,
  | 'state'
  | 'subject_id'
  | 'candidate_subject_ids'
  | 'card_code'
  | 'reason_code'
  | 'value_read'
  | 'warning_code'
>;
const outcome = (state: ItemState, reason: ReasonCode | null, subjectId: string | null = null): Outcome => ({
  state,
  subject_id: subjectId,
  candidate_subject_ids: [],
  card_code: null,
  reason_code: reason,
  value_read: null,
  warning_code: null,
});

/** The subjects a set of values names: one (matched), several (ambiguous) or none. */
function bySubjects(ids: string[]): Outcome {
  const distinct = [...new Set(ids)];
  if (distinct.length === 1) return outcome('matched', null, distinct[0]);
  if (distinct.length > 1)
    return { ...outcome('ambiguous', 'several_subjects'), candidate_subject_ids: distinct.sort() };
  return outcome('unmatched', 'no_such_value');
}

/**
 * The longest known value a file name starts with, ending where the name does or at a separator: a
 * Student ID that holds a separator itself (`PD-1`, `E-77`) followed by a shot number (`PD-1_2`,
 * `PD-2 (3)`, `PD-3-2`), which splitting at every separator would cut apart.
 */
function longestKnownPrefix(fileName: string, index: Map<string, string[]>) {
  const stem = stemOf(fileName).trim();
  for (let end = stem.length; end > 0; end--) {
    if (end < stem.length && /[\p{L}\p{N}]/u.test(stem[end]!)) continue;
    const written = stem.slice(0, end).trim();
    const ids = index.get(norm(written));
    if (written && ids) return { written, ids };
  }
  return null;
}

function matchFileName(fileName: string, index: Map<string, string[]>): Outcome {
  const prefix = longestKnownPrefix(fileName, index);
  if (prefix) return { ...bySubjects(prefix.ids), value_read: prefix.written };
  const steps = fileNameCandidates(fileName);
  if (steps.length === 0) return outcome('unmatched', 'no_value');
  for (const values of steps) {
    const found = values.filter((v) => index.has(norm(v)));
    const ids = found.flatMap((v) => index.get(norm(v)) ?? []);
    if (ids.length > 0) return { ...bySubjects(ids), value_read: found.join(', ') };
  }
  return outcome('unmatched', 'no_such_value');
}

function matchMapping(
  fileName: string,
  mapping: Map<string, string>,
  index: Map<string, string[]>,
  stripped: Map<string, string[]>,
): Outcome {
  const name = baseName(fileName).toLowerCase();
  const value = mapping.get(name) ?? mapping.get(stemOf(name));
  if (value === undefined) return outcome('unmatched', 'not_in_mapping_file');
  if (!norm(value)) return outcome('unmatched', 'no_value');
  const read = { value_read: value.trim() };
  const exact = index.get(norm(value));
  if (exact) return { ...bySubjects(exact), ...read };
  // `123` where the Student ID is `00123`: a spreadsheet read it as a number. Only one such ID matches.
  const restored = /^\d+$/.test(norm(value)) ? stripped.get(norm(value).replace(/^0+(?=\d)/, '')) : undefined;
  if (restored?.length === 1)
    return { ...bySubjects(restored), ...read, warning_code: 'zeros_restored' as const };
  return { ...outcome('unmatched', 'no_such_value'), ...read };
}

/** The folder of a file name as the upload gave it (`Camera B/IMG_0001.JPG` -> `Camera B`), or ''. */
export const folderOf = (fileName: string) => fileName.split(/[\\/]/).slice(0, -1).join('/');

/**
 * Which camera took each photo: its EXIF camera (make, model, body serial) when read; else the folder it
 * came from, standing for the camera whose photos fill that folder. A photo not read yet (not uploaded)
 * whose folder holds photos of several cameras gets null: it may belong to any of them.
 */
export function cameraOf(items: ItemToMatch[]): Map<string, string | null> {
  const byFolder = new Map<string, Set<string>>();
  for (const item of items)
    if (item.camera) {
      const folder = folderOf(item.file_name);
      byFolder.set(folder, (byFolder.get(folder) ?? new Set()).add(item.camera));
    }
  const keys = new Map<string, string | null>();
  for (const item of items) {
    const folder = folderOf(item.file_name);
    const cameras = byFolder.get(folder);
    if (item.camera) keys.set(item.id, `exif:${item.camera}`);
    else if (!cameras) keys.set(item.id, `folder:${folder}`);
    else if (cameras.size === 1) keys.set(item.id, `exif:${[...cameras][0]}`);
    else keys.set(item.id, item.verified ? `unknown:${folder}` : null);
  }
  return keys;
}

/** A pause between two frames of a card's sequence longer than this many times the batch's usual gap... */
export const PAUSE_FACTOR = 4;
/** ...and at least this long (a burst's second between frames must not make every pause suspect). */
export const MIN_PAUSE_MS = 15_000;
/** Gaps needed before the batch's pace is known. */
const MIN_GAPS = 3;

/**
 * The camera_card sequence state machine of one camera's photos, in its capture order. A photo whose code
 * was read is a card (kept as a card, never a portrait) and starts its subject; the photos after it are
 * that subject's until the next card; before the first card they are unmatched ("no card before it");
 * after an unknown code unmatched ("unknown code"), or, with `createExtras`, matched to the subject apply
 * makes for that code. A photo not uploaded yet may be a card, so the card before it does not carry past
 * it ("a photo before it has not been uploaded"); nor does it past a frame that looks like a card but
 * could not be read ("after a frame that looks like a card ..."). Photos of the same card form a run.
 */
function matchCameraSequence(
  ordered: ItemToMatch[],
  byCode: Map<string, string>,
  createExtras: boolean,
  results: Map<string, Outcome & { run?: number }>,
  nextRun: () => number,
) {
  let current:
    | { code: string; subjectId: string | null; run: number }
    | 'not_uploaded'
    | 'unreadable'
    | null = null;
  for (const item of ordered) {
    let result: Outcome & { run?: number };
    if (!item.verified) {
      current = 'not_uploaded';
      result =
        item.reviewed && item.state === 'ignored'
          ? outcome('ignored', 'not_verified')
          : outcome('pending', 'not_verified');
    } else if (item.code) {
      current = { code: item.code, subjectId: byCode.get(item.code) ?? null, run: nextRun() };
      result = {
        ...outcome('card', current.subjectId ? 'card' : 'unknown_code', current.subjectId),
        card_code: item.code,
        run: current.run,
      };
    } else if (item.unreadable_card) {
      current = 'unreadable';
      result = item.reviewed ? reviewedOutcome(item) : outcome('unmatched', 'unreadable_card');
    } else if (item.reviewed) result = reviewedOutcome(item);
    else if (!current) result = outcome('unmatched', 'no_card_before');
    else if (current === 'not_uploaded') result = outcome('unmatched', 'pending_before');
    else if (current === 'unreadable') result = outcome('unmatched', 'unreadable_card_before');
    else if (current.subjectId) result = { ...outcome('matched', null, current.subjectId), run: current.run };
    else if (createExtras)
      result = { ...outcome('matched', 'new_subject'), card_code: current.code, run: current.run };
    else result = { ...outcome('unmatched', 'unknown_code'), card_code: current.code };
    // A photo in every camera's order (its camera not known) keeps the first outcome that held it back.
    const before = results.get(item.id);
    if (!before || (before.state !== 'pending' && before.state !== 'ignored')) results.set(item.id, result);
  }
}

const reviewedOutcome = (item: ItemToMatch): Outcome => outcome(item.state, null, item.subject_id);

/** The middle value of a list of numbers (the mean of the two middle ones), or null when empty. */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * A child who forgot the card: their portraits follow the previous child's with a pause between (they
 * walked in and sat down) much longer than the batch's usual gap between a card and its portraits. In a
 * card's run, the frames after the first such pause go to review ("a long pause after the frame before
 * it"), the subject before them offered as the candidate, instead of being applied silently.
 */
function flagLongPauses(runs: Map<number, ItemToMatch[]>, results: Map<string, Outcome & { run?: number }>) {
  const time = (i: ItemToMatch) => i.captured_at?.getTime() ?? null;
  const gaps: number[] = [];
  for (const frames of runs.values())
    for (let k = 1; k < frames.length; k++) {
      const a = time(frames[k - 1]!);
      const b = time(frames[k]!);
      if (a !== null && b !== null) gaps.push(b - a);
    }
  const usual = gaps.length >= MIN_GAPS ? median(gaps) : null;
  if (usual === null) return;
  const limit = Math.max(PAUSE_FACTOR * usual, MIN_PAUSE_MS);
  for (const frames of runs.values()) {
    const from = frames.findIndex((f, k) => {
      if (k === 0) return false;
      const a = time(frames[k - 1]!);
      const b = time(f);
      return a !== null && b !== null && b - a > limit;
    });
    if (from < 0) continue;
    for (const f of frames.slice(from)) {
      const was = results.get(f.id)!;
      if (was.state !== 'matched') continue;
      results.set(f.id, {
        ...outcome('unmatched', 'long_pause'),
        candidate_subject_ids: was.subject_id ? [was.subject_id] : [],
        card_code: was.card_code,
      });
    }
  }
}

/** check_in: a pause in a check-in's photos longer than this many times the batch's usual gap... */
export const CHECK_IN_PAUSE_FACTOR = PAUSE_FACTOR;
/** ...and at least this long: a photo a minute after the check-in (or the photo before) with nothing between. */
export const MIN_CHECK_IN_PAUSE_MS = 60_000;

/**
 * check_in: how close a photo may come to a check-in of another student and still be told apart from it.
 * The clock card's QR is redrawn every second and EXIF keeps whole seconds, so a photo and a check-in
 * nearer than this may stand in either order: such a photo goes to review with both students offered.
 */
export const CHECK_IN_CLOCK_TOLERANCE_MS = 2_000;

/** A check-in a photo may belong to: photographed or retake, standing or undone. */
interface StationEvent {
  id: string;
  at: number;
  subject_id: string | null;
  walk_up: boolean;
  undone: boolean;
}

/**
 * Each station's photographed and retake check-ins in device-time order, each marked undone or not by the
 * domain's rule (a station's `undo` takes back that station's last standing check-in of the person).
 */
function stationEvents(checkIns: CheckInToMatch[]): Map<string, StationEvent[]> {
  const ordered = [...checkIns].sort(
    (a, b) =>
      a.at.getTime() - b.at.getTime() || (a.client_id < b.client_id ? -1 : a.client_id > b.client_id ? 1 : 0),
  );
  const stacks = new Map<string, CheckInToMatch[]>();
  const undone = new Set<string>();
  for (const c of ordered) {
    const key = `${c.person}@${c.station_id}`;
    const stack = stacks.get(key) ?? [];
    stacks.set(key, stack);
    if (c.status !== 'undo') stack.push(c);
    else {
      const taken = stack.pop();
      if (taken) undone.add(taken.id);
    }
  }
  const events = new Map<string, StationEvent[]>();
  for (const c of ordered) {
    if (c.status !== 'photographed' && c.status !== 'retake') continue;
    const list = events.get(c.station_id) ?? [];
    events.set(c.station_id, list);
    list.push({
      id: c.id,
      at: c.at.getTime(),
      subject_id: c.subject_id,
      walk_up: c.person.startsWith('w'),
      undone: undone.has(c.id),
    });
  }
  return events;
}

/**
 * check_in: each photo belongs to the student checked in last (photographed or retake) at its camera's
 * station before the photo's corrected capture time. A camera is set by the station clock cards it
 * photographed (`code` holds the card's text): a clock card's station time minus its capture time is that
 * camera's offset, and its station the one the camera shoots at; a photo takes its camera's last clock
 * card before it (before its first one: the first); a station's live batch is that station's, whichever
 * station's clock card set the camera. A camera is its EXIF body (else its folder), as
 * camera_card's `cameraOf` says. To review: a camera without a clock card, a photo with no check-in before
 * it or after an undone one, a walk-up not approved yet, and the photos after a pause (from the check-in
 * or the photo before) longer than CHECK_IN_PAUSE_FACTOR times the batch's median such gap, and at least
 * MIN_CHECK_IN_PAUSE_MS. Answers the batch's order in the stations' time (each photo's corrected time).
 */
function matchCheckIns(
  ordered: ItemToMatch[],
  input: MatchInput,
  results: Map<string, Outcome & { run?: number }>,
): ItemToMatch[] {
  const cameras = cameraOf(input.items);
  const stationIds = input.stationIds ?? new Set<string>();
  const events = stationEvents(input.checkIns ?? []);
  const clocks = new Map<string, { taken: number; offset: number; station_id: string }[]>();
  const clockOf = (item: ItemToMatch) => (item.code ? readClockCard(item.code) : null);
  for (const item of ordered) {
    const clock = clockOf(item);
    const camera = cameras.get(item.id);
    if (!item.verified || !clock || !item.captured_at || !camera || !stationIds.has(clock.station_id))
      continue;
    const taken = item.captured_at.getTime();
    const list = clocks.get(camera) ?? [];
    clocks.set(camera, list);
    list.push({ taken, offset: clock.at.getTime() - taken, station_id: clock.station_id });
  }
  /** The clock card that set a photo's camera at its capture: its last before it, else its first. */
  const clockSetting = (item: ItemToMatch) => {
    const own = clocks.get(cameras.get(item.id) ?? '') ?? [];
    const taken = item.captured_at?.getTime();
    return taken === undefined ? undefined : (own.filter((c) => c.taken <= taken).at(-1) ?? own[0]);
  };
  const runs = new Map<string, { id: string; at: number }[]>();
  const runIds = new Map<string, number>();
  for (const item of ordered) {
    const clock = clockOf(item);
    let result: Outcome & { run?: number };
    if (!item.verified)
      result =
        item.reviewed && item.state === 'ignored'
          ? outcome('ignored', 'not_verified')
          : outcome('pending', 'not_verified');
    else if (clock)
      result = {
        ...(!stationIds.has(clock.station_id)
          ? outcome('unmatched', 'unknown_clock_card')
          : item.captured_at
            ? outcome('card', 'clock_card')
            : outcome('unmatched', 'no_capture_time')),
        card_code: item.code,
      };
    else if (item.reviewed) result = reviewedOutcome(item);
    else if (!item.captured_at) result = outcome('unmatched', 'no_capture_time');
    else {
      const taken = item.captured_at.getTime();
      const set = clockSetting(item);
      const at = set ? taken + set.offset : null;
      const stationEventsOf = set ? (events.get(input.stationId ?? set.station_id) ?? []) : [];
      const index = at === null ? -1 : stationEventsOf.findLastIndex((e) => e.at <= at);
      const event = index >= 0 ? stationEventsOf[index] : undefined;
      // The student before this check-in, or the one checked in just after the photo, when the photo is
      // too near either to be told apart by the clocks.
      const near =
        event && at !== null
          ? [
              at - event.at < CHECK_IN_CLOCK_TOLERANCE_MS ? stationEventsOf[index - 1] : undefined,
              stationEventsOf.find((e) => e.at > at && e.at - at < CHECK_IN_CLOCK_TOLERANCE_MS),
            ].find((e) => e && !e.undone && e.subject_id !== event.subject_id)
          : undefined;
      if (!set || at === null) result = outcome('unmatched', 'no_clock_card');
      else if (!event) result = outcome('unmatched', 'no_check_in_before');
      else if (event.undone) result = outcome('unmatched', 'undone_check_in');
      else if (!event.subject_id)
        result = outcome('unmatched', event.walk_up ? 'walk_up_pending' : 'no_check_in_before');
      else if (near)
        result = {
          ...outcome('unmatched', 'near_check_in'),
          candidate_subject_ids: [event.subject_id, ...(near.subject_id ? [near.subject_id] : [])],
        };
      else {
        const run = runIds.get(event.id) ?? runIds.size + 1;
        runIds.set(event.id, run);
        const frames = runs.get(event.id) ?? [{ id: `check-in:${event.id}`, at: event.at }];
        runs.set(event.id, frames);
        frames.push({ id: item.id, at });
        result = { ...outcome('matched', null, event.subject_id), run };
      }
    }
    results.set(item.id, result);
  }
  // A pause: the check-in to its first photo, or a photo to the next, in the station's time.
  for (const frames of runs.values()) frames.sort((a, b) => a.at - b.at);
  const gaps = [...runs.values()].flatMap((frames) => frames.slice(1).map((f, k) => f.at - frames[k]!.at));
  const usual = gaps.length >= MIN_GAPS ? median(gaps) : null;
  const limit = Math.max(CHECK_IN_PAUSE_FACTOR * (usual ?? 0), MIN_CHECK_IN_PAUSE_MS);
  for (const frames of runs.values()) {
    const from = frames.findIndex((f, k) => k > 0 && f.at - frames[k - 1]!.at > limit);
    if (from < 0) continue;
    for (const f of frames.slice(from)) {
      const was = results.get(f.id)!;
      results.set(f.id, {
        ...outcome('unmatched', 'long_after_check_in'),
        candidate_subject_ids: was.subject_id ? [was.subject_id] : [],
      });
    }
  }
  // The batch's order in the stations' time, so two cameras' photos interleave as they were shot; a photo
  // whose camera has no clock card (or not read yet) stays after the photo before it.
  let before = Number.NEGATIVE_INFINITY;
  const keys = ordered.map((item, index) => {
    const set = clockSetting(item);
    const taken = item.captured_at?.getTime();
    if (set && taken !== undefined) before = taken + set.offset;
    return { item, index, at: before };
  });
  return keys.sort((a, b) => a.at - b.at || a.index - b.index).map((k) => k.item);
}

/**
 * Every item's state, subject and reason, and its place in the capture order. Camera cards: each
 * camera's photos in their own capture order (`cameraOf`: two bodies shooting at once interleave their
 * captures), each through `matchCameraSequence`, then a card's run broken at a long pause
 * (`flagLongPauses`); the sequence numbers are the whole batch's capture order. File names and mapping
 * files: each photo on its own. Check-ins: `matchCheckIns`. Then, every way: a photo whose bytes the project already holds is not
 * assigned again ("duplicate", its subject the candidate) until a person assigns it. Photos not verified
 * yet stay pending (or ignored, when a person ignored them); reviewed items keep their decision.
 */
export function matchItems(input: MatchInput): MatchedItem[] {
  let ordered = matchOrder(input.items);
  const results = new Map<string, Outcome & { run?: number }>();
  if (input.matchBy === 'camera_card') {
    const byCode = new Map(input.subjects.map((s) => [s.card_code, s.id]));
    const cameras = cameraOf(input.items);
    const keys = [...new Set([...cameras.values()].filter((k): k is string => k !== null))];
    if (keys.length === 0) keys.push('');
    let runs = 0;
    for (const key of keys)
      matchCameraSequence(
        ordered.filter((i) => {
          const camera = cameras.get(i.id);
          return camera === key || camera === null || keys.length === 1;
        }),
        byCode,
        input.createExtras,
        results,
        () => ++runs,
      );
    const byRun = new Map<number, ItemToMatch[]>();
    for (const item of ordered) {
      const run = results.get(item.id)?.run;
      if (run !== undefined) byRun.set(run, [...(byRun.get(run) ?? []), item]);
    }
    flagLongPauses(byRun, results);
  } else if (input.matchBy === 'check_in') ordered = matchCheckIns(ordered, input, results);
  else {
    const index = byValue(input.subjects);
    const stripped = byStrippedValue(index);
    for (const item of ordered) {
      let result: Outcome;
      if (!item.verified)
        result =
          item.reviewed && item.state === 'ignored'
            ? outcome('ignored', 'not_verified')
            : outcome('pending', 'not_verified');
      else if (item.reviewed) result = reviewedOutcome(item);
      else if (input.matchBy === 'file_name') result = matchFileName(item.file_name, index);
      else result = matchMapping(item.file_name, input.mapping ?? new Map(), index, stripped);
      results.set(item.id, result);
    }
  }
  return ordered.map((item, i) => {
    const { run: _, ...result } = results.get(item.id)!;
    if (item.duplicate && !item.reviewed && result.state === 'matched')
      return {
        id: item.id,
        sequence: i + 1,
        ...result,
        state: 'unmatched' as const,
        subject_id: null,
        candidate_subject_ids: result.subject_id ? [result.subject_id] : [],
        reason_code: 'duplicate' as const,
        warning_code: null,
      };
    return { id: item.id, sequence: i + 1, ...result };
  });
}
