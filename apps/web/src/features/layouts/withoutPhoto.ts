import type { SubjectSelection } from '@school-portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/api';
import { queryKeys } from '../../api/keys';
import { fetchSelectionIds } from '../subjects/selectionApi';

const countOf = (projectId: string, selection: SubjectSelection, signal: AbortSignal) =>
  api
    .post('/api/projects/{id}/subject-selection', { path: { id: projectId }, body: selection, signal })
    .then((b) => b.selection.count);

/**
 * How many of the chosen subjects have no photo, as the server resolves the selection: the subjects a
 * print that leaves them out will not print. A selection of a filter alone is counted with the grid's
 * "without images" filter added; one with chosen ids resolves both sets and compares them, since ids
 * join a selection whatever its filter says.
 */
export function useWithoutPhotoCount(projectId: string, chosen: SubjectSelection | null, enabled: boolean) {
  return useQuery<number>({
    queryKey: [...queryKeys.subjects.selectionCount(projectId, chosen), 'without-photo'],
    enabled: enabled && !!chosen,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      if (!chosen) return 0;
      if (chosen.included_subject_ids.length === 0) {
        const images = chosen.filter?.images;
        // Marked for a retake means a primary photo to retake: those have one.
        if (images === 'with' || images === 'retake') return 0;
        return countOf(
          projectId,
          { ...chosen, filter: { ...(chosen.filter ?? {}), images: 'without' } },
          signal,
        );
      }
      const [ids, without] = await Promise.all([
        fetchSelectionIds(projectId, chosen),
        fetchSelectionIds(projectId, {
          filter: { images: 'without' },
          included_subject_ids: [],
          excluded_subject_ids: [],
        }),
      ]);
      const none = new Set(without);
      return ids.filter((id) => none.has(id)).length;
    },
  });
}
