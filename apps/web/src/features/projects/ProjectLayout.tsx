import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { isApiError } from '../../api/client';
import { useCurrentProject } from '../../api/projects';
import { useCan } from '../../app/can';
import { routePath } from '../../app/routes';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import { SubNav } from '../../components/SubNav';

type ProjectSection =
  | 'project.subjects'
  | 'project.exports'
  | 'project.layouts'
  | 'project.attachments'
  | 'project.picture-day'
  | 'project.photo-sessions'
  | 'project.coverage'
  | 'project.families'
  | 'project.photo-checks'
  | 'project.yearbook';

/**
 * Every screen of one project: loads it, then shows the project subnav (spec §2: project name,
 * Subject management, Download exports, Print layouts, Attachments; then the portal's own sections, each
 * for those its policy lets in: Picture day, Coverage, Photo checks) above the screen.
 */
export function ProjectLayout() {
  const { t } = useTranslation();
  const { projectId, project } = useCurrentProject();
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

  /** A subnav item leading to one of the project's sections. */
  const section = (key: string, route: ProjectSection, label: string) => ({
    key,
    to: routePath(route, { projectId }),
    label,
  });
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
            section('subjects', 'project.subjects', t('project.nav.subjects')),
            section('exports', 'project.exports', t('project.nav.exports')),
            section('layouts', 'project.layouts', t('project.nav.layouts')),
            section('attachments', 'project.attachments', t('project.nav.attachments')),
            ...(can('photo-batch.list')
              ? [section('picture-day', 'project.picture-day', t('project.nav.picture-day'))]
              : []),
            ...(can('photo-session.list')
              ? [section('photo-sessions', 'project.photo-sessions', t('photo-sessions.nav'))]
              : []),
            ...(can('coverage.show')
              ? [section('coverage', 'project.coverage', t('project.nav.coverage'))]
              : []),
            ...(can('photo-check.list')
              ? [section('photo-checks', 'project.photo-checks', t('photo-checks.nav'))]
              : []),
            ...(can('guardian.list')
              ? [section('families', 'project.families', t('families.staff.nav'))]
              : []),
            ...(can('yearbook-target.list')
              ? [section('yearbook', 'project.yearbook', t('yearbook.nav'))]
              : []),
          ]}
        />
      </Container>
      <Outlet />
    </>
  );
}
