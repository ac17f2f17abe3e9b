import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteSubject, useUpdateSubject } from '../../api/subjects';
import { routePath } from '../../app/routes';
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
      <Dialog
        open={confirming}
        onClose={() => !remove.isPending && setConfirming(false)}
        aria-labelledby="delete-subject-title"
        aria-describedby="delete-subject-text"
      >
        <DialogTitle id="delete-subject-title">{t('subjects.form.delete-title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-subject-text">
            {t('subjects.form.delete-text', { name })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={remove.isPending}>
            {t('subjects.form.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
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
          >
            {t('subjects.form.delete-confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
