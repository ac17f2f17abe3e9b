import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useProject } from '../../api/projects';
import { useCan } from '../../app/can';
import { routePath } from '../../app/routes';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import { SubNav } from '../../components/SubNav';

/**
 * Every screen of one project: loads it, then shows the project subnav (spec §2: project name,
 * Subject management, Download exports, Print layouts, Attachments) above the screen.
 */
export function ProjectLayout() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  const can = useCan();

  if (project.isPending) return <LoadingScreen />;
  if (project.isError) {
    return (
      <Page title={t('project.title')}>
        {isApiError(project.error, 404) ? (
          <EmptyState message={t('project.not-found')} />
        ) : (
          <ErrorState message={t('project.load-failed')} onRetry={() => void project.refetch()} />
        )}
      </Page>
    );
  }

  return (
    <>
      <Container maxWidth="lg" sx={{ pt: { xs: 2, sm: 3 } }}>
        <SubNav
          label={t('project.nav.label')}
          items={[
            {
              key: 'project',
              to: routePath('project.index', { projectId }),
              label: project.data.name,
              end: true,
              emphasis: true,
            },
            {
              key: 'subjects',
              to: routePath('project.subjects', { projectId }),
              label: t('project.nav.subjects'),
            },
            {
              key: 'exports',
              to: routePath('project.exports', { projectId }),
              label: t('project.nav.exports'),
            },
            {
              key: 'layouts',
              to: routePath('project.layouts', { projectId }),
              label: t('project.nav.layouts'),
            },
            {
              key: 'attachments',
              to: routePath('project.attachments', { projectId }),
              label: t('project.nav.attachments'),
            },
            ...(can('photo-check.list')
              ? [
                  {
                    key: 'photo-checks',
                    to: routePath('project.photo-checks', { projectId }),
                    label: t('photo-checks.nav'),
                  },
                ]
              : []),
          ]}
        />
      </Container>
      <Outlet />
    </>
  );
}
