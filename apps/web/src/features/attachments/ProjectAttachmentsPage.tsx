import DownloadIcon from '@mui/icons-material/Download';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  type Attachment,
  type AttachmentRequest,
  downloadAttachment,
  useProjectAttachmentRequests,
  useProjectAttachments,
  useRemoveAttachment,
  useRetryAttachment,
} from '../../api/attachments';
import { isApiError } from '../../api/client';
import { useCan } from '../../app/can';
import { routePath } from '../../app/routes';
import { FileName } from '../../components/FileName';
import { useNotify } from '../../components/Notifications';
import { Page } from '../../components/Page';
import { Section } from '../../components/Section';
import { ActionsCell } from '../../components/table/ActionsCell';
import { QueryListTable, type QueryListTableProps } from '../../components/table/ListTable';
import { fileTypeLabel, formatBytes, formatDateTime } from './format';

/**
 * One of the page's two parts, Files Requested and Files Uploaded: its section and its table, in the
 * part's words under `attachments.<part>` (heading, empty, label).
 */
function FilesPart<D, T>({
  part,
  ...table
}: Omit<QueryListTableProps<D, T>, 'errorMessage' | 'emptyMessage' | 'label'> & {
  part: 'requested' | 'uploaded';
}) {
  const { t } = useTranslation();
  return (
    <Section id={`files-${part}-heading`} title={t(`attachments.${part}.heading`)}>
      <QueryListTable
        {...table}
        errorMessage={t('attachments.load-failed')}
        emptyMessage={t(`attachments.${part}.empty`)}
        label={t(`attachments.${part}.label`)}
      />
    </Section>
  );
}

/** The requests still waiting for this project's files, each with an Upload action. */
function FilesRequested({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const requests = useProjectAttachmentRequests(projectId);

  const pendingOf = (data: AttachmentRequest[]) =>
    data.filter((request) => request.projects.find((project) => project.id === projectId)?.pending ?? false);
  return (
    <FilesPart
      part="requested"
      query={requests}
      rowsOf={pendingOf}
      columns={[
        t('attachments.requested.name'),
        t('attachments.requested.description'),
        t('attachments.requested.created'),
        t('attachments.requested.created-by'),
        { label: t('attachments.requested.actions'), align: 'right' },
      ]}
    >
      {(request) => (
        <TableRow key={request.id} data-testid="requested-file-row">
          <TableCell component="th" scope="row">
            {request.name}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'pre-line', maxWidth: 360, overflowWrap: 'anywhere' }}>
            {request.description}
          </TableCell>
          <TableCell>
            <time dateTime={request.created_at}>{formatDateTime(request.created_at)}</time>
          </TableCell>
          <TableCell>{request.created_by_user?.name ?? ''}</TableCell>
          <TableCell align="right">
            <Button
              component={Link}
              to={routePath('project.attachments.upload', {
                projectId,
                attachmentRequestId: request.id,
              })}
              variant="contained"
              size="small"
              startIcon={<UploadFileIcon />}
              aria-label={t('attachments.requested.upload-label', { name: request.name })}
            >
              {t('attachments.requested.upload')}
            </Button>
          </TableCell>
        </TableRow>
      )}
    </FilesPart>
  );
}

/** Downloads a file through a signed address; a failure is told in a notice. */
function useDownload(attachment: Attachment) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const name = attachment.upload_file_name || attachment.name;
  const start = () => {
    setBusy(true);
    downloadAttachment(attachment)
      .catch(() =>
        notify({ message: t('attachments.uploaded.download-failed', { name }), severity: 'error' }),
      )
      .finally(() => setBusy(false));
  };
  return { busy, name, start };
}

function DownloadButton({ attachment }: { attachment: Attachment }) {
  const { t } = useTranslation();
  const { busy, name, start } = useDownload(attachment);
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} aria-hidden="true" /> : <DownloadIcon />}
      aria-label={t('attachments.uploaded.download-label', { name })}
      onClick={start}
    >
      {busy ? t('attachments.uploaded.downloading') : t('attachments.uploaded.download')}
    </Button>
  );
}

/**
 * A verified file's actions: Download (and Import as roster for those who may). Wide screens show them
 * in the row; on a phone one row menu holds them, so each action is rendered once, never twice.
 */
function FileActions({ attachment }: { attachment: Attachment }) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  if (!narrow) {
    return (
      <>
        <DownloadButton attachment={attachment} />
        <ImportAsRosterButton attachment={attachment} />
      </>
    );
  }
  return <FileActionsMenu attachment={attachment} />;
}

function FileActionsMenu({ attachment }: { attachment: Attachment }) {
  const { t } = useTranslation();
  const { busy, name, start } = useDownload(attachment);
  const importTo = useImportAsRosterPath(attachment);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={t('attachments.uploaded.actions-label', { name })}
        aria-haspopup="menu"
        disabled={busy}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {busy ? <CircularProgress size={20} aria-hidden="true" /> : <MoreVertIcon />}
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem
          aria-label={t('attachments.uploaded.download-label', { name })}
          onClick={() => {
            close();
            start();
          }}
        >
          <ListItemIcon>
            <DownloadIcon fontSize="small" />
          </ListItemIcon>
          {t('attachments.uploaded.download')}
        </MenuItem>
        {importTo && (
          <MenuItem component={Link} to={importTo} onClick={close}>
            {t('attachments.uploaded.import-roster')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}

/**
 * A file that never arrived offers Retry (checked again; when it is not there, the
 * request's upload page to choose it again) and Remove.
 */
function NotUploadedActions({ projectId, attachment }: { projectId: string; attachment: Attachment }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const retry = useRetryAttachment(projectId);
  const remove = useRemoveAttachment(projectId);
  const name = attachment.upload_file_name || attachment.name;
  const busy = retry.isPending || remove.isPending;
  // Either action runs on this file and tells its outcome in a notice.
  const run = (action: typeof retry | typeof remove, done: string, onError: (error: unknown) => void) => () =>
    action.mutate(attachment.id, { onSuccess: () => notify({ message: done }), onError });
  const retryFailed = (error: unknown) => {
    const missing = isApiError(error) && error.status >= 400 && error.status < 500;
    if (!missing) {
      notify({ message: t('attachments.uploaded.retry-failed', { name }), severity: 'error' });
      return;
    }
    notify({ message: t('attachments.uploaded.retry-upload', { name }), severity: 'warning' });
    if (attachment.attachment_request_id) {
      navigate(
        routePath('project.attachments.upload', {
          projectId,
          attachmentRequestId: attachment.attachment_request_id,
        }),
      );
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button
        size="small"
        variant="outlined"
        disabled={busy}
        aria-label={t('attachments.uploaded.retry-label', { name })}
        onClick={run(retry, t('attachments.uploaded.retried', { name }), retryFailed)}
      >
        {t('attachments.uploaded.retry')}
      </Button>
      <Button
        size="small"
        color="error"
        disabled={busy}
        aria-label={t('attachments.uploaded.remove-label', { name })}
        onClick={run(remove, t('attachments.uploaded.removed', { name }), () =>
          notify({ message: t('attachments.uploaded.remove-failed', { name }), severity: 'error' }),
        )}
      >
        {t('attachments.uploaded.remove')}
      </Button>
    </Stack>
  );
}
/** "Import as roster" on a verified CSV/TSV/XLSX upload or OneRoster zip, for those who may import rosters. */
/** Where Import as roster leads for a file, or null when the caller may not import it. */
function useImportAsRosterPath(attachment: Attachment): string | null {
  const can = useCan();
  if (!can('subject-import.create')) return null;
  if (!ROSTER_TYPES.has(attachment.upload_content_type)) return null;
  return `${routePath('project.subjects.import', { projectId: attachment.project_id })}?attachment=${attachment.id}`;
}

function ImportAsRosterButton({ attachment }: { attachment: Attachment }) {
  const { t } = useTranslation();
  const to = useImportAsRosterPath(attachment);
  if (!to) return null;
  return (
    <Button size="small" component={Link} to={to}>
      {t('attachments.uploaded.import-roster')}
    </Button>
  );
}
const ROSTER_TYPES = new Set([
  'text/csv',
  'text/plain',
  'text/tab-separated-values',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  // A district's OneRoster CSV files, zipped.
  'application/zip',
]);

/** The project's files: name, size, type, when uploaded (or Not Uploaded) and Download when verified. */
function FilesUploaded({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const attachments = useProjectAttachments(projectId);
  // Names of the requests the files answer (already loaded by Files Requested).
  const requests = useProjectAttachmentRequests(projectId);
  const requestNames = new Map((requests.data ?? []).map((r: AttachmentRequest) => [r.id, r.name]));

  return (
    <FilesPart
      part="uploaded"
      query={attachments}
      rowsOf={(data) => data}
      columns={[
        t('attachments.uploaded.name'),
        t('attachments.uploaded.size'),
        t('attachments.uploaded.type'),
        t('attachments.uploaded.uploaded'),
        { label: t('attachments.uploaded.actions'), actions: true },
      ]}
    >
      {(attachment) => {
        // Spec §4: verified means upload_verified_at is present.
        const verified = !!attachment.upload_verified_at;
        const requestName = attachment.attachment_request_id
          ? requestNames.get(attachment.attachment_request_id)
          : undefined;
        const uploadedAt = attachment.uploaded_at ?? attachment.upload_verified_at;
        return (
          <TableRow key={attachment.id} data-testid="uploaded-file-row">
            <TableCell component="th" scope="row" sx={{ minWidth: 160 }}>
              <FileName name={attachment.name || attachment.upload_file_name} />
              {requestName && (
                <Typography variant="body2" color="text.secondary">
                  {t('attachments.uploaded.request', { name: requestName })}
                </Typography>
              )}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBytes(attachment.upload_file_size)}</TableCell>
            <TableCell>
              {fileTypeLabel(attachment.upload_content_type, attachment.upload_file_name)}
            </TableCell>
            <TableCell data-testid="uploaded-at">
              {verified && uploadedAt ? (
                <time dateTime={uploadedAt}>{formatDateTime(uploadedAt)}</time>
              ) : (
                <Typography component="span" variant="inherit" color="text.secondary">
                  {t('attachments.uploaded.not-uploaded')}
                </Typography>
              )}
            </TableCell>
            <ActionsCell>
              {verified ? (
                <FileActions attachment={attachment} />
              ) : (
                <NotUploadedActions projectId={projectId} attachment={attachment} />
              )}
            </ActionsCell>
          </TableRow>
        );
      }}
    </FilesPart>
  );
}

/** project.attachments (spec §2): the tables Files Requested and Files Uploaded. */
export function ProjectAttachmentsPage() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  return (
    <Page title={t('attachments.heading')}>
      <Stack spacing={3}>
        <FilesRequested projectId={projectId} />
        <FilesUploaded projectId={projectId} />
      </Stack>
    </Page>
  );
}
