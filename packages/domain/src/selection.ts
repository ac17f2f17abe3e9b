import { z } from 'zod';

/**
 * A subject selection (spec §2 and §4), the one shape every call that works on "the selected subjects"
 * takes: the subjects grid's Select All, Select Filter Results, Select Page, Exclude All, Exclude Filter
 * Results and single cards all end up as one of these, and the server resolves it in one query.
 *
 * Meaning: every subject matching `filter` (the grid's own filters), plus `included_subject_ids`, minus
 * `excluded_subject_ids`. Without a filter, an empty `included_subject_ids` means every subject of the
 * project ("empty = all that match") and a non-empty one means exactly those subjects.
 */
const recordId = z.string().regex(/^\d{1,18}$/, 'is invalid');

/** The grid's filters (the same parameters as `GET /projects/:id/subjects`, without paging or sort). */
export const subjectGridFilterSchema = z
  .object({
    keyword: z.string().trim().max(200).optional(),
    field_1: recordId.optional(),
    value_1: z.string().max(1000).optional(),
    field_2: recordId.optional(),
    value_2: z.string().max(1000).optional(),
    // retake: the subjects whose primary photo is marked for a retake (the Camera Cards print).
    images: z.enum(['any', 'with', 'without', 'retake']).optional(),
    added_since: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type SubjectGridFilter = z.infer<typeof subjectGridFilterSchema>;

/** At most this many ids on either list (a whole large project's worth). */
export const MAX_SELECTION_IDS = 100_000;

export const subjectSelectionSchema = z.object({
  filter: subjectGridFilterSchema.nullish(),
  included_subject_ids: z.array(recordId).max(MAX_SELECTION_IDS).default([]),
  excluded_subject_ids: z.array(recordId).max(MAX_SELECTION_IDS).default([]),
});
export type SubjectSelection = z.infer<typeof subjectSelectionSchema>;
export type SubjectSelectionInput = z.input<typeof subjectSelectionSchema>;

/**
 * The selection as the screen keeps it:
 * - `none`: nothing selected (Exclude All);
 * - `ids`: exactly these subjects (Select Page and single cards from nothing);
 * - `matching`: every subject matching `filter` (`{}` = all), plus `included`, minus `excluded`.
 */
export type SelectionState =
  | { kind: 'none' }
  | { kind: 'ids'; ids: readonly string[] }
  | {
      kind: 'matching';
      filter: SubjectGridFilter;
      included: readonly string[];
      excluded: readonly string[];
    };

export const NO_SUBJECTS: SelectionState = { kind: 'none' };
export const ALL_SUBJECTS: SelectionState = { kind: 'matching', filter: {}, included: [], excluded: [] };

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];
const minus = (a: readonly string[], b: readonly string[]) => {
  const drop = new Set(b);
  return a.filter((id) => !drop.has(id));
};

/** Drops empty values so that two filters that select the same way compare equal. */
export function normalizeGridFilter(filter: SubjectGridFilter): SubjectGridFilter {
  const out: SubjectGridFilter = {};
  if (filter.keyword?.trim()) out.keyword = filter.keyword.trim();
  if (filter.field_1 && filter.value_1 !== undefined) {
    out.field_1 = filter.field_1;
    out.value_1 = filter.value_1;
  }
  if (filter.field_2 && filter.value_2 !== undefined) {
    out.field_2 = filter.field_2;
    out.value_2 = filter.value_2;
  }
  if (filter.images && filter.images !== 'any') out.images = filter.images;
  if (filter.added_since) out.added_since = filter.added_since;
  return out;
}

export function sameGridFilter(a: SubjectGridFilter, b: SubjectGridFilter): boolean {
  const [x, y] = [normalizeGridFilter(a), normalizeGridFilter(b)];
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]) as Set<keyof SubjectGridFilter>;
  return [...keys].every((k) => x[k] === y[k]);
}

/** Select All. */
export const selectAll = (): SelectionState => ALL_SUBJECTS;
/** Exclude All. */
export const excludeAll = (): SelectionState => NO_SUBJECTS;

/** Select Page (or one card): these ids join the selection. */
export function selectIds(state: SelectionState, ids: readonly string[]): SelectionState {
  if (ids.length === 0) return state;
  switch (state.kind) {
    case 'none':
      return { kind: 'ids', ids: union([], ids) };
    case 'ids':
      return { kind: 'ids', ids: union(state.ids, ids) };
    case 'matching':
      return { ...state, included: union(state.included, ids), excluded: minus(state.excluded, ids) };
  }
}

/** Unticking cards (or a page): these ids leave the selection. */
export function excludeIds(state: SelectionState, ids: readonly string[]): SelectionState {
  switch (state.kind) {
    case 'none':
      return state;
    case 'ids': {
      const left = minus(state.ids, ids);
      return left.length > 0 ? { kind: 'ids', ids: left } : NO_SUBJECTS;
    }
    case 'matching':
      return { ...state, included: minus(state.included, ids), excluded: union(state.excluded, ids) };
  }
}

/**
 * Select Filter Results, when it can be said without knowing which subjects match: from nothing or
 * from a list of ids (the filter plus those ids), or when the selection is already that filter's (its
 * excluded ids come back). Otherwise `null`: the caller resolves the two sets on the server (see
 * `fromIds`).
 */
export function selectFilterResults(state: SelectionState, filter: SubjectGridFilter): SelectionState | null {
  const f = normalizeGridFilter(filter);
  switch (state.kind) {
    case 'none':
      return { kind: 'matching', filter: f, included: [], excluded: [] };
    case 'ids':
      return { kind: 'matching', filter: f, included: state.ids, excluded: [] };
    case 'matching':
      if (sameGridFilter(state.filter, f)) return { ...state, excluded: [] };
      return null;
  }
}

/**
 * Exclude Filter Results, when it can be said without knowing which subjects match: nothing stays
 * nothing. Otherwise `null`: the caller resolves the selection and the filter's results to ids on the
 * server and keeps the difference (see `fromIds`).
 */
export function excludeFilterResults(
  state: SelectionState,
  _filter: SubjectGridFilter,
): SelectionState | null {
  return state.kind === 'none' ? state : null;
}

/** A selection of exactly these ids (nothing when empty). */
export function fromIds(ids: readonly string[]): SelectionState {
  return ids.length > 0 ? { kind: 'ids', ids: union([], ids) } : NO_SUBJECTS;
}

/** The wire form (`null` for nothing selected, which no call accepts). */
export function selectionToWire(state: SelectionState): SubjectSelection | null {
  switch (state.kind) {
    case 'none':
      return null;
    case 'ids':
      return { filter: null, included_subject_ids: [...state.ids], excluded_subject_ids: [] };
    case 'matching': {
      const filter = normalizeGridFilter(state.filter);
      const hasFilter = Object.keys(filter).length > 0;
      // "All subjects" plus some ids is all subjects: the ids are only sent with a filter.
      return {
        filter: hasFilter ? filter : null,
        included_subject_ids: hasFilter ? [...state.included] : [],
        excluded_subject_ids: [...state.excluded],
      };
    }
  }
}

/** Whether a subject is in the selection, for the ticks on the cards (`matches`: the card matches the filter). */
export function isSelected(state: SelectionState, id: string, matches: boolean): boolean {
  switch (state.kind) {
    case 'none':
      return false;
    case 'ids':
      return state.ids.includes(id);
    case 'matching':
      return !state.excluded.includes(id) && (matches || state.included.includes(id));
  }
}
