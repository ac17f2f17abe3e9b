import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { RENDER_POLL_INTERVAL_MS } from '@school-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadRender, fetchRender, layoutKeys } from '../../api/layouts';

/**
 * The missing list's PDF while the print job makes it (the render, read every few seconds while it runs),
 * then Download Now, which downloads it and closes the dialog.
 */
export function MissingPdfDialog({ renderId, onClose }: { renderId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
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
  return (
    <Dialog open onClose={onClose} aria-labelledby="coverage-pdf-title">
      <DialogTitle id="coverage-pdf-title">{t('coverage.pdf.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {failed
            ? t('coverage.pdf.failed', { reason: data?.failure_reason ?? '' })
            : ready
              ? t('coverage.pdf.ready')
              : t('coverage.pdf.preparing')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('coverage.pdf.close')}</Button>
        <Button
          variant="contained"
          disabled={!ready}
          onClick={() => {
            if (data) void downloadRender(data).then(onClose);
          }}
        >
          {ready ? t('coverage.pdf.download') : t('coverage.pdf.preparing-button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
