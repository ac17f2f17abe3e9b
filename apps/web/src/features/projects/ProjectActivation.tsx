import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { isNotActivated, useProjectActivation } from '../../api/projects';
import { routePath, useProjectId } from '../../app/routes';
import { ErrorState } from '../../components/ErrorState';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';

/**
 * Spec §4: a project's sub-screens (subjects, exports, layouts, attachments) open only once the project
 * is activated for this app; when it is not, the not-activated screen shows instead.
 */
export function ProjectActivation() {
  const { t } = useTranslation();
  const projectId = useProjectId();
  const activation = useProjectActivation(projectId);

  if (activation.isPending) return <LoadingScreen label={t('project.activating')} />;
  if (activation.isError) {
    if (isNotActivated(activation.error)) {
      return <Navigate to={routePath('project.not-activated', { projectId })} replace />;
    }
    return (
      <Page title={t('project.title')}>
        <ErrorState message={t('project.activation-failed')} onRetry={() => void activation.refetch()} />
      </Page>
    );
  }
  return <Outlet />;
}
