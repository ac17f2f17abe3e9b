import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { type ProjectRecord, useDeleteProject } from '../../api/projects';
import { routePath } from '../../app/routes';
import { useNotify } from '../../components/Notifications';

/**
 * Deleting a project: the manager types the project's exact name; the button stays off until
 * it matches, and the server checks again (422). Then the projects list, where it no longer shows.
 */
export function DeleteProjectDialog({
  project,
  open,
  onClose,
}: {
  project: ProjectRecord;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const remove = useDeleteProject(project.id, async () => {
    notify({ message: t('project-delete.done', { name: project.name }), severity: 'success' });
    // Rendered at once, so that no page of the deleted project is left to fetch it again.
    await navigate(routePath('projects.index'), { replace: true, flushSync: true });
  });
  const [typed, setTyped] = useState('');
  const matches = typed === project.name;
  const fieldError = isApiError(remove.error, 422) ? remove.error.fieldErrors?.confirm_name?.[0] : undefined;

  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    setTyped('');
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    remove.mutate(typed);
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="delete-project-title"
      aria-describedby="delete-project-text"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="delete-project-title">{t('project-delete.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-project-text" sx={{ mb: 1 }}>
            {t('project-delete.text', { name: project.name })}
          </DialogContentText>
          <DialogContentText sx={{ mb: 2 }}>{t('project-delete.prompt')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={t('project-delete.label')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            error={!!fieldError}
            helperText={fieldError}
            autoComplete="off"
            slotProps={{ htmlInput: { 'data-testid': 'delete-project-name', spellCheck: false } }}
          />
          {remove.isError && !fieldError && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {t('project-delete.failed')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={remove.isPending}>
            {t('project-delete.cancel')}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={!matches || remove.isPending}>
            {remove.isPending ? t('project-delete.deleting') : t('project-delete.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
