import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateSubject, useSubjectFields } from '../../api/subjects';
import { routePath, useProjectId } from '../../app/routes';
import { ErrorState } from '../../components/ErrorState';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useNotify } from '../../components/Notifications';
import { Page } from '../../components/Page';
import { SubjectForm } from './SubjectForm';

/** New Subject: the project's fields; saving opens the new subject. */
export function NewSubjectPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const projectId = useProjectId();
  const fields = useSubjectFields(projectId);
  const create = useCreateSubject(projectId);

  return (
    <Page title={t('subjects.form.new-title')}>
      {fields.isPending ? (
        <LoadingScreen />
      ) : fields.isError ? (
        <ErrorState message={t('subjects.fields-load-failed')} onRetry={fields.refetch} />
      ) : (
        <SubjectForm
          fields={fields.fields}
          onSave={async (properties) => {
            const subject = await create.mutateAsync(properties);
            notify({ message: t('subjects.form.created') });
            navigate(routePath('project.subject', { projectId, subjectId: subject.id }));
          }}
          onCancel={() => navigate(routePath('project.subjects', { projectId }))}
        />
      )}
    </Page>
  );
}
