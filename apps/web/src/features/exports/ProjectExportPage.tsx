import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatch, useNavigate, useParams } from 'react-router';
import { useProjectExport, useProjectExportDownload } from '../../api/projectExports';
import { ROUTES, routePath } from '../../app/routes';
import { Page } from '../../components/Page';
import { PageQueryState } from '../../components/PageQueryState';
import { exportPhase } from './ExportStatus';

/** Says the export is being prepared (or ready), and offers Download Now once it is. */
function DownloadDialog({
  open,
  ready,
  status,
  onClose,
  onDownload,
}: {
  open: boolean;
  ready: boolean;
  /** Whether it is ready or being prepared, in the page's words. */
  status: string;
  onClose: () => void;
  onDownload: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="project-export-download-title">
      <DialogTitle id="project-export-download-title">{t('exports.page.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{status}</DialogContentText>
        {!ready && <DialogContentText>{t('exports.page.preparing-wait')}</DialogContentText>}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" disabled={!ready} onClick={onDownload}>
          {ready ? t('exports.page.download-now') : t('exports.page.preparing-button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The project export download page (exports §2): /projects/:project_id/project-exports/:project_export_id.
 * Its download dialog says the export is being prepared (polled until done), then offers Download Now,
 * which opens the download child: that one sends the browser to the export's private download address.
 */
export function ProjectExportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { projectId = '', projectExportId = '' } = useParams();
  const onDownload = useMatch(ROUTES['project.project-export.download']) !== null;
  const projectExport = useProjectExport(projectExportId, true);
  const [dialogOpen, setDialogOpen] = useState(true);

  if (onDownload) return <Outlet />;
  return (
    <PageQueryState
      query={projectExport}
      title={t('exports.page.title')}
      errorMessage={t('exports.page.load-failed')}
    >
      {(e) => {
        const phase = exportPhase(e);
        const ready = !!e.download_path;
        // Completed, but the retention job has deleted the archive: nothing to prepare any more.
        const gone = phase === 'failed' || e.expired_at !== null;
        const name = e.project_export_format_name;
        const status = ready ? t('exports.page.ready', { name }) : t('exports.page.preparing', { name });
        return (
          <Page title={t('exports.page.title')}>
            {gone ? (
              <Alert severity="error">
                {t(phase === 'failed' ? 'exports.page.failed' : 'exports.page.expired')}
              </Alert>
            ) : (
              <Typography>{status}</Typography>
            )}
            <Button
              component={Link}
              to={`${routePath('project.exports', { projectId })}?tab=downloads`}
              sx={{ mt: 2 }}
            >
              {t('exports.run.to-exports')}
            </Button>
            <DownloadDialog
              open={dialogOpen && !gone}
              ready={ready}
              status={status}
              onClose={() => setDialogOpen(false)}
              onDownload={() => {
                setDialogOpen(false);
                navigate(routePath('project.project-export.download', { projectId, projectExportId }));
              }}
            />
          </Page>
        );
      }}
    </PageQueryState>
  );
}

/** The download child: asks for the signed address and sends the browser there; the text stays. */
export function ProjectExportDownloadPage() {
  const { t } = useTranslation();
  const { projectExportId = '' } = useParams();
  const download = useProjectExportDownload(projectExportId);
  const sent = useRef<string | null>(null);
  const url = download.data?.url;
  useEffect(() => {
    if (!url || sent.current === url) return;
    sent.current = url;
    window.location.assign(url);
  }, [url]);
  return (
    <Page title={t('exports.page.title')}>
      {download.isError ? (
        <Alert severity="error" role="alert">
          {t('exports.page.download-failed')}
        </Alert>
      ) : (
        <Typography>{t('exports.page.thanks')}</Typography>
      )}
    </Page>
  );
}
