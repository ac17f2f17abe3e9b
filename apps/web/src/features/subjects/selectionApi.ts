import {
  excludeAll,
  excludeFilterResults,
  fromIds,
  normalizeGridFilter,
  type SelectionState,
  type SubjectGridFilter,
  type SubjectSelection,
  selectAll,
  selectFilterResults,
  selectIds,
  selectionToWire,
} from '@school-portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/api';
import { queryKeys } from '../../api/keys';
import { filterQuery, type SubjectFilters } from '../../api/subjects';
import type { ApiResponse, ElementOf } from '../../api/types';
import type { SelectionAction } from './useSubjectSelection';

/** The grid's filters as a selection's `filter`. */
export function toGridFilter(filters: SubjectFilters): SubjectGridFilter {
  const q = filterQuery(filters);
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return normalizeGridFilter({
    keyword: text(q.keyword),
    field_1: text(q['filter[field_1]']),
    value_1: text(q['filter[value_1]']),
    field_2: text(q['filter[field_2]']),
    value_2: text(q['filter[value_2]']),
    images: filters.images,
    added_since: filters.addedSince ?? undefined,
  });
}

/** Whether the grid's filters narrow the subjects shown. */
export const isFiltered = (filters: SubjectFilters) => Object.keys(toGridFilter(filters)).length > 0;

/** POST /api/projects/:id/subject-selection with ids: the subjects a selection means, as the server resolves it. */
export function fetchSelectionIds(projectId: string, selection: SubjectSelection): Promise<string[]> {
  return api
    .post('/api/projects/{id}/subject-selection', {
      path: { id: projectId },
      body: { ...selection, ids: true },
    })
    .then((b) => b.selection.subject_ids ?? []);
}

/** The count the server will use for this selection (0 without asking for nothing selected). */
export function useSelectionCount(projectId: string, state: SelectionState) {
  const wire = selectionToWire(state);
  return useQuery<number>({
    queryKey: queryKeys.subjects.selectionCount(projectId, wire),
    queryFn: ({ signal }) =>
      wire
        ? api
            .post('/api/projects/{id}/subject-selection', { path: { id: projectId }, body: wire, signal })
            .then((b) => b.selection.count)
        : Promise.resolve(0),
    placeholderData: keepPreviousData,
  });
}

/**
 * A selection action applied to the state: said as one selection where the domain can, otherwise the
 * two sets are resolved on the server and combined here (e.g. Exclude Filter Results after Select All).
 */
export async function applySelectionAction(
  projectId: string,
  state: SelectionState,
  action: SelectionAction,
  filters: SubjectFilters,
  pageIds: readonly string[],
): Promise<SelectionState> {
  const filter = toGridFilter(filters);
  const resultsOf = () =>
    fetchSelectionIds(projectId, { filter, included_subject_ids: [], excluded_subject_ids: [] });
  const current = async () => {
    const wire = selectionToWire(state);
    return wire ? fetchSelectionIds(projectId, wire) : [];
  };
  switch (action) {
    case 'select-all':
      return selectAll();
    case 'exclude-all':
      return excludeAll();
    case 'select-page':
      return selectIds(state, pageIds);
    case 'select-filter-results': {
      const next = selectFilterResults(state, filter);
      if (next) return next;
      const [a, b] = await Promise.all([current(), resultsOf()]);
      return fromIds([...a, ...b]);
    }
    case 'exclude-filter-results': {
      const next = excludeFilterResults(state, filter);
      if (next) return next;
      const [a, b] = await Promise.all([current(), resultsOf()]);
      const drop = new Set(b);
      return fromIds(a.filter((id) => !drop.has(id)));
    }
  }
}

export type DuplicateGroup = ElementOf<
  ApiResponse<'/api/projects/{id}/duplicate-subjects', 'post'>['duplicate_groups']
>;

/** POST /api/projects/:id/duplicate-subjects for these fields within the selection. */
export function useDuplicateGroups(
  projectId: string,
  fields: readonly string[],
  selection: SubjectSelection | null,
) {
  return useQuery<DuplicateGroup[]>({
    queryKey: queryKeys.subjects.duplicates(projectId, fields, selection),
    queryFn: ({ signal }) =>
      api
        .post('/api/projects/{id}/duplicate-subjects', {
          path: { id: projectId },
          body: { ...selection, fields: [...fields] },
          signal,
        })
        .then((b) => b.duplicate_groups),
    enabled: selection !== null && fields.length > 0,
    placeholderData: keepPreviousData,
  });
}
