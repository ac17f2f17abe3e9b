import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type ExportFormat, useDeleteExportFormat } from '../../api/exportFormats';
import { useNotify } from '../../components/Notifications';

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

  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };

  return (
    <Dialog
      open={format !== null}
      onClose={close}
      aria-labelledby="delete-export-format-title"
      aria-describedby="delete-export-format-text"
    >
      <DialogTitle id="delete-export-format-title">{t('exports.formats.delete-dialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-export-format-text">
          {t('exports.formats.delete-dialog.text', { name })}
        </DialogContentText>
        {remove.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {t('exports.formats.delete-failed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={remove.isPending}>
          {t('exports.formats.delete-dialog.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending || !format}
          onClick={() => {
            if (!format) return;
            remove.mutate(format, {
              onSuccess: () => {
                notify({ message: t('exports.formats.deleted', { name: format.name }) });
                remove.reset();
                onClose();
              },
            });
          }}
        >
          {t('exports.formats.delete-dialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
