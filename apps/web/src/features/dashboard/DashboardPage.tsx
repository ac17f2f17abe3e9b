import { isCustomer } from '@school-portal/domain';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useDashboardProjects } from '../../api/projects';
import { ROUTES, routePath } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { ErrorState } from '../../components/ErrorState';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';

/**
 * Customer organizations go straight to their single current-season project (or the single one with a
 * season); everyone else goes to the project list.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const organization = user.current_account?.organization ?? null;
  const customer = isCustomer(organization?.role);
  const projects = useDashboardProjects(organization?.id, customer);

  if (!customer) return <Navigate to={ROUTES['projects.index']} replace />;
  if (projects.isPending) return <LoadingScreen label={t('dashboard.loading')} />;
  if (projects.isError) {
    return (
      <Page title={t('dashboard.title')}>
        <ErrorState message={t('dashboard.load-failed')} onRetry={() => void projects.refetch()} />
      </Page>
    );
  }

  const list = projects.data.projects;
  const seasoned = list.filter((project) => project.season_id);
  const single = list.length === 1 ? list[0] : seasoned.length === 1 ? seasoned[0] : undefined;
  const target = single ? routePath('project.index', { projectId: single.id }) : ROUTES['projects.index'];
  return <Navigate to={target} replace />;
}
