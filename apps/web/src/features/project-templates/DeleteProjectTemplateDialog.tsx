import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type ProjectTemplateSummary, useDeleteProjectTemplate } from '../../api/projectTemplates';
import { useNotify } from '../../components/Notifications';

/** Asks before deleting a template (spec §2: delete with confirmation). */
export function DeleteProjectTemplateDialog({
  template,
  onClose,
  onDeleted,
}: {
  template: ProjectTemplateSummary | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const remove = useDeleteProjectTemplate();
  // Keeps the name on screen while the dialog fades out after `template` becomes null.
  const shown = useRef(template);
  if (template) shown.current = template;
  const name = shown.current?.name ?? '';

  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };

  return (
    <Dialog
      open={template !== null}
      onClose={close}
      aria-labelledby="delete-template-title"
      aria-describedby="delete-template-text"
    >
      <DialogTitle id="delete-template-title">{t('project-templates.delete-dialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-template-text">
          {t('project-templates.delete-dialog.text', { name })}
        </DialogContentText>
        {remove.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {t('project-templates.delete-failed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={remove.isPending}>
          {t('project-templates.delete-dialog.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending || !template}
          onClick={() => {
            if (!template) return;
            remove.mutate(template, {
              onSuccess: () => {
                notify({ message: t('project-templates.deleted', { name: template.name }) });
                remove.reset();
                onClose();
                onDeleted?.();
              },
            });
          }}
        >
          {t('project-templates.delete-dialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
