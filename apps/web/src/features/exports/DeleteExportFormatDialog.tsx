import { useTranslation } from 'react-i18next';
import { type ExportFormat, useDeleteExportFormat } from '../../api/exportFormats';
import { DeleteRecordDialog } from '../../components/ConfirmDeleteDialog';

/** The exports screens' Confirm Delete wording (exports §2: "Confirm Delete", Cancel / Delete!). */
export function useExportDeleteLabels() {
  const { t } = useTranslation();
  return {
    title: t('exports.formats.delete-dialog.title'),
    cancelLabel: t('exports.formats.delete-dialog.cancel'),
    confirmLabel: t('exports.formats.delete-dialog.confirm'),
  };
}

/** Asks before deleting a format (exports §2: "Confirm Delete", Cancel / Delete!), then notifies. */
export function DeleteExportFormatDialog({
  format,
  onClose,
}: {
  format: ExportFormat | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const labels = useExportDeleteLabels();
  const remove = useDeleteExportFormat();
  return (
    <DeleteRecordDialog
      {...labels}
      record={format}
      remove={remove}
      text={(shown) => t('exports.formats.delete-dialog.text', { name: shown?.name ?? '' })}
      failed={() => t('exports.formats.delete-failed')}
      deleted={(deleted) => t('exports.formats.deleted', { name: deleted.name })}
      onClose={onClose}
    />
  );
}
