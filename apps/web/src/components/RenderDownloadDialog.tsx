import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { RENDER_POLL_INTERVAL_MS } from '@school-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { downloadRender, fetchRender, layoutKeys } from '../api/layouts';

interface RenderDownloadDialogProps {
  /** The print to follow; null shows no dialog. */
  renderId: string | null;
  onClose: () => void;
  title: string;
  /** The words while the print is made (a paragraph each), once it is ready, and when it failed. */
  preparing: readonly string[];
  ready: string;
  failed: (reason: string) => string;
  closeLabel: string;
  downloadLabel: string;
  /** The download button's words while it waits. */
  preparingLabel: string;
}

/**
 * A print (layout render) while the print job makes it, read every few seconds while it runs; then
 * Download Now, which downloads it and closes the dialog.
 */
export function RenderDownloadDialog({
  renderId,
  onClose,
  title,
  preparing,
  ready: readyText,
  failed: failedText,
  closeLabel,
  downloadLabel,
  preparingLabel,
}: RenderDownloadDialogProps) {
  const titleId = useId();
  const render = useQuery({
    queryKey: layoutKeys.render(renderId ?? ''),
    queryFn: () => fetchRender(renderId!),
    enabled: !!renderId,
    refetchInterval: (q) => (q.state.data?.worker_status === 'running' ? RENDER_POLL_INTERVAL_MS : false),
  });
  if (!renderId) return null;
  const data = render.data;
  const ready = data?.worker_status === 'complete';
  const failed = data?.worker_status === 'failed';
  const paragraphs = failed ? [failedText(data?.failure_reason ?? '')] : ready ? [readyText] : preparing;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {paragraphs.map((text) => (
          <DialogContentText key={text}>{text}</DialogContentText>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{closeLabel}</Button>
        <Button
          variant="contained"
          disabled={!ready}
          onClick={() => {
            if (data) void downloadRender(data).then(onClose);
          }}
        >
          {ready ? downloadLabel : preparingLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
