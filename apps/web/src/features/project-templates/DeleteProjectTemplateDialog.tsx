import { useTranslation } from 'react-i18next';
import { type ProjectTemplateSummary, useDeleteProjectTemplate } from '../../api/projectTemplates';
import { DeleteRecordDialog } from '../../components/ConfirmDeleteDialog';

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
  const remove = useDeleteProjectTemplate();
  return (
    <DeleteRecordDialog
      title={t('project-templates.delete-dialog.title')}
      cancelLabel={t('project-templates.delete-dialog.cancel')}
      confirmLabel={t('project-templates.delete-dialog.confirm')}
      record={template}
      remove={remove}
      text={(shown) => t('project-templates.delete-dialog.text', { name: shown?.name ?? '' })}
      failed={() => t('project-templates.delete-failed')}
      deleted={(deleted) => t('project-templates.deleted', { name: deleted.name })}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
