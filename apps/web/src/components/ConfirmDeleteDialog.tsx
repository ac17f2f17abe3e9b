import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useRef } from 'react';
import { useNotify } from './Notifications';

interface ConfirmDeleteDialogProps {
  open: boolean;
  title: string;
  /** The question, naming what goes. */
  text: string;
  cancelLabel: string;
  confirmLabel: string;
  /** The deletion is running: neither button works and the dialog stays open. */
  pending: boolean;
  /** Why the last try failed (under the question), if it did. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before a deletion: the title, the question, Cancel and the red confirm button. The caller runs
 * the deletion and says when it is pending or failed.
 */
export function ConfirmDeleteDialog({
  open,
  title,
  text,
  cancelLabel,
  confirmLabel,
  pending,
  error = null,
  onConfirm,
  onClose,
}: ConfirmDeleteDialogProps) {
  const id = useId();
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
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
          {cancelLabel}
        </Button>
        <Button color="error" variant="contained" disabled={pending || !open} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The parts of a TanStack mutation that deletes one record the dialog reads. */
interface DeleteMutation<T> {
  mutate: (record: T, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface DeleteRecordDialogProps<T>
  extends Pick<ConfirmDeleteDialogProps, 'title' | 'cancelLabel' | 'confirmLabel'> {
  /** The record to delete; null closes the dialog. */
  record: T | null;
  remove: DeleteMutation<T>;
  /** The question, for the record shown. */
  text: (record: T | null) => string;
  /** The failure message under the question. */
  failed: (error: unknown) => string;
  /** The notification once it is gone. */
  deleted: (record: T) => string;
  onClose: () => void;
  onDeleted?: () => void;
}

/**
 * ConfirmDeleteDialog on one record and its delete mutation: Delete runs it, a success notifies and
 * closes, a failure stays open with its message; closing forgets the failure. The record's name stays
 * on screen while the dialog fades out after `record` becomes null.
 */
export function DeleteRecordDialog<T>({
  record,
  remove,
  text,
  failed,
  deleted,
  onClose,
  onDeleted,
  ...labels
}: DeleteRecordDialogProps<T>) {
  const notify = useNotify();
  const shown = useRef(record);
  if (record) shown.current = record;
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDeleteDialog
      {...labels}
      open={record !== null}
      text={text(shown.current)}
      pending={remove.isPending}
      error={remove.isError ? failed(remove.error) : null}
      onClose={close}
      onConfirm={() => {
        if (!record) return;
        remove.mutate(record, {
          onSuccess: () => {
            notify({ message: deleted(record) });
            close();
            onDeleted?.();
          },
        });
      }}
    />
  );
}
