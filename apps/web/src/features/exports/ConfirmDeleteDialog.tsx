import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The exports screens' delete confirmation (exports §2: "Confirm Delete", Cancel / Delete!), for formats
 * and project exports alike. The caller runs the deletion and says when it is pending or failed.
 */
export function ConfirmDeleteDialog({
  open,
  text,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  text: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{t('exports.formats.delete-dialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={pending}>
          {t('exports.formats.delete-dialog.cancel')}
        </Button>
        <Button color="error" variant="contained" disabled={pending || !open} onClick={onConfirm}>
          {t('exports.formats.delete-dialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
