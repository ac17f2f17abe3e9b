import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSetSelectionConsent, useSubjectFields, useSubjectsGrid } from '../../api/subjects';
import { useCan } from '../../app/can';
import { routePath } from '../../app/routes';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useNotify } from '../../components/Notifications';
import { Page } from '../../components/Page';
import { ConsentImportDialog } from './ConsentImportDialog';
import { useGridParams } from './gridParams';
import { SelectionMenu } from './SelectionMenu';
import { SubjectCard } from './SubjectCard';
import { SubjectFiltersBar } from './SubjectFiltersBar';
import { SubjectGrid } from './SubjectGrid';
import { isFiltered } from './selectionApi';
import { useSubjectSelection } from './useSubjectSelection';

/** Spec §4 subjects grid: 12 a page, four cards a row (fewer on small screens), filters and selection. */
export function SubjectsPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { projectId = '' } = useParams();
  const params = useGridParams();
  const { filters, page, update } = params;
  const fields = useSubjectFields(projectId);
  const grid = useSubjectsGrid(projectId, filters, page);
  const selection = useSubjectSelection(projectId);
  const can = useCan();
  const consent = useSetSelectionConsent(projectId);

  const [importingConsent, setImportingConsent] = useState(false);

  const actions = (
    <>
      {can('subject.set-consent') && (
        <Button variant="outlined" onClick={() => setImportingConsent(true)}>
          {t('subjects.consent-import.open')}
        </Button>
      )}
      <Button
        component={Link}
        to={routePath('project.subjects.new', { projectId })}
        variant="contained"
        startIcon={<AddIcon aria-hidden="true" />}
      >
        {t('subjects.nav.new')}
      </Button>
    </>
  );

  let content: ReactNode;
  if (grid.isPending || fields.isPending) {
    content = <LoadingScreen />;
  } else if (grid.isError) {
    content = <ErrorState message={t('subjects.load-failed')} onRetry={() => void grid.refetch()} />;
  } else if (grid.data.subjects.length === 0) {
    content = <EmptyState message={t('subjects.empty')} />;
  } else {
    content = (
      <SubjectGrid
        meta={grid.data.meta}
        onPage={(next) => update({ page: next })}
        placeholder={grid.isPlaceholderData}
        announceBusy
        testId="subjects-grid"
      >
        {grid.data.subjects.map((subject) => (
          <SubjectCard
            key={subject.id}
            subject={subject}
            fields={fields.fields}
            selected={selection.selected.has(subject.id)}
            onToggle={selection.toggle}
          />
        ))}
      </SubjectGrid>
    );
  }

  return (
    <Page title={t('subjects.heading')} actions={actions}>
      {fields.isError && (
        <ErrorState message={t('subjects.fields-load-failed')} onRetry={() => fields.refetch()} />
      )}
      <SubjectFiltersBar projectId={projectId} fields={fields.fields} params={params} />
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2, minHeight: 36 }}
      >
        <SelectionMenu
          count={selection.count}
          shown={isFiltered(filters) ? grid.data?.meta.total : undefined}
          pending={consent.isPending ? 'consent' : selection.pending}
          onConsent={
            can('subject.set-consent')
              ? (flags) =>
                  consent.mutate(
                    { subjectIds: [...selection.selected], flags },
                    {
                      onSuccess: (changed) =>
                        notify({ message: t('subjects.selection.consent-saved', { count: changed }) }),
                      onError: () =>
                        notify({ message: t('subjects.selection.consent-failed'), severity: 'error' }),
                    },
                  )
              : undefined
          }
          onAction={(action) =>
            void selection
              .apply(action, filters, grid.data?.subjects.map((s) => s.id) ?? [])
              .catch(() => notify({ message: t('subjects.selection.failed'), severity: 'error' }))
          }
        />
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>
        {grid.isFetching && !grid.isPending && <LinearProgress aria-hidden="true" />}
      </Box>
      {content}
      <ConsentImportDialog
        projectId={projectId}
        open={importingConsent}
        onClose={() => setImportingConsent(false)}
      />
    </Page>
  );
}
