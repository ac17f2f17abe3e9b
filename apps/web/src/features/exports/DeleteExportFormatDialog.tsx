import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type ExportFormat, useDeleteExportFormat } from '../../api/exportFormats';
import { useNotify } from '../../components/Notifications';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';

/** Asks before deleting a format (exports §2: "Confirm Delete", Cancel / Delete!), then notifies. */
export function DeleteExportFormatDialog({
  format,
  onClose,
}: {
  format: ExportFormat | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const remove = useDeleteExportFormat();
  // Keeps the name on screen while the dialog fades out after `format` becomes null.
  const shown = useRef(format);
  if (format) shown.current = format;
  const name = shown.current?.name ?? '';

  return (
    <ConfirmDeleteDialog
      open={format !== null}
      text={t('exports.formats.delete-dialog.text', { name })}
      pending={remove.isPending}
      error={remove.isError ? t('exports.formats.delete-failed') : null}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() => {
        if (!format) return;
        remove.mutate(format, {
          onSuccess: () => {
            notify({ message: t('exports.formats.deleted', { name: format.name }) });
            remove.reset();
            onClose();
          },
        });
      }}
    />
  );
}
