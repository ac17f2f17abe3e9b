import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatches, useOutletContext, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { type SubjectField, type SubjectWithPhotos, useSubject, useSubjectFields } from '../../api/subjects';
import { type RouteHandle, routePath } from '../../app/routes';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import { RouterLink } from '../../components/RouterLink';

export interface SubjectContext {
  projectId: string;
  subject: SubjectWithPhotos;
  fields: SubjectField[];
}

/** The loaded subject and the project's fields, for the tabs below the subject layout. */
export function useSubjectContext(): SubjectContext {
  return useOutletContext<SubjectContext>();
}

type TabName = 'project.subject' | 'project.subject.edit' | 'project.subject.upload';
const TABS: TabName[] = ['project.subject', 'project.subject.edit', 'project.subject.upload'];

function useCurrentTab(): TabName | false {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const name = (matches[i]?.handle as RouteHandle | undefined)?.name;
    if (name && (TABS as string[]).includes(name)) return name as TabName;
  }
  return false;
}

/** Spec §2 project.subject: tabs Info, Edit Data, Upload Photos, and a link to print layouts. */
export function SubjectLayout() {
  const { t } = useTranslation();
  const { projectId = '', subjectId = '' } = useParams();
  const subject = useSubject(subjectId);
  const fields = useSubjectFields(projectId);
  const tab = useCurrentTab();

  if (subject.isPending || fields.isPending) return <LoadingScreen />;
  if (subject.isError || fields.isError) {
    return (
      <Page title={t('subjects.subject.title')}>
        {subject.isError && isApiError(subject.error, 404) ? (
          <EmptyState message={t('subjects.subject.not-found')} />
        ) : (
          <ErrorState
            message={t('subjects.subject.load-failed')}
            onRetry={() => (subject.isError ? void subject.refetch() : fields.refetch())}
          />
        )}
        <RouterLink to={routePath('project.subjects', { projectId })}>
          {t('subjects.subject.back')}
        </RouterLink>
      </Page>
    );
  }

  const params = { projectId, subjectId };
  const labels: Record<TabName, string> = {
    'project.subject': t('subjects.subject.info'),
    'project.subject.edit': t('subjects.subject.edit'),
    'project.subject.upload': t('subjects.subject.upload'),
  };
  const context: SubjectContext = { projectId, subject: subject.data, fields: fields.fields };

  return (
    <Page
      title={subject.data.display_name || t('subjects.no-name')}
      actions={
        <Button
          component={Link}
          to={`${routePath('project.layouts', { projectId })}?subjectId=${encodeURIComponent(subjectId)}`}
          variant="outlined"
          startIcon={<PrintIcon aria-hidden="true" />}
        >
          {t('subjects.subject.layouts')}
        </Button>
      }
    >
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          aria-label={t('subjects.subject.tabs')}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={labels[name]}
              component={Link}
              to={routePath(name, params)}
              aria-current={tab === name ? 'page' : undefined}
              sx={{ textTransform: 'none', fontSize: '0.95rem' }}
            />
          ))}
        </Tabs>
      </Box>
      <Outlet context={context} />
    </Page>
  );
}
