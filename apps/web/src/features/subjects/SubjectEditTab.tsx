import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteSubject, useUpdateSubject } from '../../api/subjects';
import { routePath } from '../../app/routes';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { useNotify } from '../../components/Notifications';
import { SubjectForm } from './SubjectForm';
import { useSubjectContext } from './SubjectLayout';

/** Edit Data: the subject's values (only changes are sent; the server merges them), and delete. */
export function SubjectEditTab() {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const { projectId, subject, fields } = useSubjectContext();
  const update = useUpdateSubject(projectId, subject.id);
  const remove = useDeleteSubject(projectId);
  const [confirming, setConfirming] = useState(false);
  const infoPath = routePath('project.subject', { projectId, subjectId: subject.id });
  const name = subject.display_name || t('subjects.no-name');

  return (
    <>
      <SubjectForm
        key={subject.id}
        fields={fields}
        initial={subject.properties}
        changedOnly
        onSave={async (properties) => {
          if (Object.keys(properties).length > 0) await update.mutateAsync(properties);
          notify({ message: t('subjects.form.saved') });
          navigate(infoPath);
        }}
        onCancel={() => navigate(infoPath)}
        extraActions={
          <Button color="error" sx={{ ml: 'auto' }} onClick={() => setConfirming(true)}>
            {t('subjects.form.delete')}
          </Button>
        }
      />
      <ConfirmDeleteDialog
        open={confirming}
        title={t('subjects.form.delete-title')}
        text={t('subjects.form.delete-text', { name })}
        cancelLabel={t('subjects.form.cancel')}
        confirmLabel={t('subjects.form.delete-confirm')}
        pending={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(subject.id, {
            onSuccess: () => {
              notify({ message: t('subjects.form.deleted') });
              navigate(routePath('project.subjects', { projectId }), { replace: true });
            },
            onError: () => {
              setConfirming(false);
              notify({ message: t('subjects.form.delete-failed'), severity: 'error' });
            },
          })
        }
      />
    </>
  );
}
