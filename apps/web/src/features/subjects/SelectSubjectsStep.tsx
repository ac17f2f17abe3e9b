import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import {
  excludeIds,
  isSelected,
  type SelectionState,
  sameGridFilter,
  selectIds,
} from '@school-portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubjectFields, useSubjectsGrid } from '../../api/subjects';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { useNotify } from '../../components/Notifications';
import { useGridParams } from './gridParams';
import { SelectionMenu } from './SelectionMenu';
import { SubjectCard } from './SubjectCard';
import { SubjectFiltersBar } from './SubjectFiltersBar';
import { SubjectGrid } from './SubjectGrid';
import { applySelectionAction, isFiltered, toGridFilter, useSelectionCount } from './selectionApi';
import type { SelectionAction } from './useSubjectSelection';

/**
 * The wizards' "Select Subjects" step (spec §2, §4): the grid's filters, its cards with ticks, the
 * selection actions and the selected count as the server resolves it. Controlled: `value` is the
 * selection, `onChange` gets the next one.
 */
export function SelectSubjectsStep({
  projectId,
  value,
  onChange,
}: {
  projectId: string;
  value: SelectionState;
  onChange: (next: SelectionState) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const params = useGridParams();
  const { filters, page, update } = params;
  const fields = useSubjectFields(projectId);
  const grid = useSubjectsGrid(projectId, filters, page);
  const count = useSelectionCount(projectId, value);
  const [pending, setPending] = useState<SelectionAction | null>(null);
  // Every card on the page matches the grid's filter; it matches the selection's when they are the same.
  const pageMatches = value.kind === 'matching' && sameGridFilter(value.filter, toGridFilter(filters));
  const pageIds = grid.data?.subjects.map((s) => s.id) ?? [];

  const onAction = (action: SelectionAction) => {
    setPending(action);
    applySelectionAction(projectId, value, action, filters, pageIds)
      .then(onChange)
      .catch(() => notify({ message: t('subjects.selection.failed'), severity: 'error' }))
      .finally(() => setPending(null));
  };

  return (
    <Box data-testid="select-subjects-step">
      <SubjectFiltersBar projectId={projectId} fields={fields.fields} params={params} />
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2, minHeight: 36 }}>
        <SelectionMenu
          count={count.data ?? 0}
          shown={isFiltered(filters) ? grid.data?.meta.total : undefined}
          pending={pending}
          onAction={onAction}
        />
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>
        {(grid.isFetching || count.isFetching) && <LinearProgress aria-hidden="true" />}
      </Box>
      {grid.isError && <ErrorState message={t('subjects.load-failed')} onRetry={() => void grid.refetch()} />}
      {grid.data && grid.data.subjects.length === 0 && <EmptyState message={t('subjects.empty')} />}
      {grid.data && grid.data.subjects.length > 0 && (
        <SubjectGrid
          meta={grid.data.meta}
          onPage={(next) => update({ page: next })}
          placeholder={grid.isPlaceholderData}
        >
          {grid.data.subjects.map((subject) => {
            const selected = isSelected(
              value,
              subject.id,
              pageMatches || (value.kind === 'matching' && Object.keys(value.filter).length === 0),
            );
            return (
              <SubjectCard
                key={subject.id}
                subject={subject}
                fields={fields.fields}
                selected={selected}
                onToggle={(id) => onChange(selected ? excludeIds(value, [id]) : selectIds(value, [id]))}
              />
            );
          })}
        </SubjectGrid>
      )}
    </Box>
  );
}
