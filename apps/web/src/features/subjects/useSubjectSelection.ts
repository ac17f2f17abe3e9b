import { useCallback, useMemo, useState } from 'react';
import { fetchSubjectIds, type SubjectFilters } from '../../api/subjects';

export type SelectionAction =
  | 'select-all'
  | 'select-filter-results'
  | 'select-page'
  | 'exclude-all'
  | 'exclude-filter-results';

function withIds(current: ReadonlySet<string>, ids: readonly string[]): ReadonlySet<string> {
  const next = new Set(current);
  for (const id of ids) next.add(id);
  return next;
}

function withoutIds(current: ReadonlySet<string>, ids: readonly string[]): ReadonlySet<string> {
  const next = new Set(current);
  for (const id of ids) next.delete(id);
  return next;
}

/**
 * Spec §4 grid selection, kept in component state (exports use it later): Select All, Select Filter
 * Results (the ids the filters match, `ids_only`), Select Page, Exclude All, Exclude Filter Results,
 * and single subjects toggled on their cards.
 */
export function useSubjectSelection(projectId: string) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [pending, setPending] = useState<SelectionAction | null>(null);

  const toggle = useCallback((subjectId: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(subjectId)) next.delete(subjectId);
      else next.add(subjectId);
      return next;
    });
  }, []);

  const apply = useCallback(
    async (action: SelectionAction, filters: SubjectFilters, pageIds: readonly string[]) => {
      setPending(action);
      try {
        switch (action) {
          case 'select-all':
            setSelected(new Set(await fetchSubjectIds(projectId, null)));
            break;
          case 'select-filter-results':
            {
              const ids = await fetchSubjectIds(projectId, filters);
              setSelected((current) => withIds(current, ids));
            }
            break;
          case 'select-page':
            setSelected((current) => withIds(current, pageIds));
            break;
          case 'exclude-all':
            setSelected(new Set());
            break;
          case 'exclude-filter-results':
            {
              const ids = await fetchSubjectIds(projectId, filters);
              setSelected((current) => withoutIds(current, ids));
            }
            break;
        }
      } finally {
        setPending(null);
      }
    },
    [projectId],
  );

  return useMemo(
    () => ({ selected, count: selected.size, pending, toggle, apply }),
    [selected, pending, toggle, apply],
  );
}
