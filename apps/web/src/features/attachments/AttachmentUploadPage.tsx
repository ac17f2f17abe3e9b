import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import ErrorIcon from '@mui/icons-material/Error';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ATTACHMENT_ACCEPT } from '@school-portal/domain';
import { type ChangeEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  type AttachmentRequest,
  completeUploads,
  createAttachment,
  invalidateProjectFiles,
  uploadContentType,
  useAttachmentRequest,
  verifyAttachment,
} from '../../api/attachments';
import { isApiError } from '../../api/client';
import { runQueued, UPLOAD_CONCURRENCY, uploadToPresignedPost, withRetry } from '../../api/uploads';
import { routePath } from '../../app/routes';
import { EmptyState } from '../../components/EmptyState';
import { FileName } from '../../components/FileName';
import { useNotify } from '../../components/Notifications';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { RequestDetails } from '../attachment-requests/RequestDetails';
import { ACCEPTED_TYPES_TEXT, fileTypeLabel, formatBytes } from './format';
import { MAX_SIZE_TEXT, precheck, uploadErrorMessage } from './uploadMessages';

type ItemStatus = 'ready' | 'uploading' | 'verifying' | 'done' | 'error';

interface UploadItem {
  key: string;
  file: File;
  status: ItemStatus;
  /** Share of the file sent, 0..1. */
  progress: number;
  error: string | null;
  /** A problem found before sending (too large, empty): sending again would not help. */
  blocked: boolean;
  /** The record created for it, kept when only the verification is left to do again. */
  attachmentId: string | null;
  uploaded: boolean;
}

const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

function StatusLine({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  const percent = Math.round(item.progress * 100);
  switch (item.status) {
    case 'ready':
      return <Typography variant="body2">{t('attachments.upload.ready')}</Typography>;
    case 'uploading':
      return (
        <>
          <Typography variant="body2">{t('attachments.upload.progress', { percent })}</Typography>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={t('attachments.upload.progress', { percent })}
            sx={{ mt: 0.5 }}
          />
        </>
      );
    case 'verifying':
      return (
        <>
          <Typography variant="body2">{t('attachments.upload.verifying')}</Typography>
          <LinearProgress aria-hidden="true" sx={{ mt: 0.5 }} />
        </>
      );
    case 'done':
      return (
        <Typography variant="body2" color="success.main">
          {t('attachments.upload.done')}
        </Typography>
      );
    case 'error':
      return (
        <Typography variant="body2" color="error" role="alert" data-testid="upload-error">
          {item.error}
        </Typography>
      );
  }
}

/**
 * Files for one request (spec §2, §4): pick files, then each is created, sent to its presigned target
 * with progress ("Ready to upload", then "N% uploaded") and verified. When every file made it, back to
 * the project's files.
 */
function Uploader({ projectId, request }: { projectId: string; request: AttachmentRequest }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [running, setRunning] = useState(false);
  const [summary, setSummary] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  // Leaving the page stops the uploads under way.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const patch = useCallback((key: string, changes: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...changes } : item)));
  }, []);

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // The same file may be chosen again later.
    event.target.value = '';
    setSummary(null);
    setItems((list) => {
      const known = new Set(list.map((item) => item.key));
      const added: UploadItem[] = [];
      for (const file of files) {
        const key = fileKey(file);
        if (known.has(key)) continue;
        known.add(key);
        const problem = precheck(file, t);
        added.push({
          key,
          file,
          status: problem ? 'error' : 'ready',
          progress: 0,
          error: problem,
          blocked: !!problem,
          attachmentId: null,
          uploaded: false,
        });
      }
      return [...list, ...added];
    });
  };

  const toSend = items.filter((item) => !item.blocked && item.status !== 'done');

  const start = async () => {
    if (running || toSend.length === 0) return;
    const queue = toSend;
    const blocked = items.filter((item) => item.blocked).length;
    const controller = new AbortController();
    controllerRef.current = controller;
    const { signal } = controller;
    setRunning(true);
    setSummary(null);
    let failures = 0;
    let succeeded = 0;
    const arrived: string[] = [];

    await runQueued(queue, UPLOAD_CONCURRENCY, async (item) => {
      let attachmentId = item.attachmentId;
      let uploaded = item.uploaded;
      let verifying = false;
      try {
        patch(item.key, { status: 'uploading', progress: 0, error: null });
        let verified = false;
        if (!attachmentId || !uploaded) {
          const created = await createAttachment(projectId, request.id, item.file, signal);
          attachmentId = created.id;
          // Spec §4: verification is skipped when the record is verified already.
          verified = !!created.upload_verified_at;
          if (!verified) {
            await withRetry(
              () =>
                uploadToPresignedPost(created.presigned_post, item.file, {
                  signal,
                  onProgress: (fraction) => patch(item.key, { progress: fraction }),
                }),
              { signal },
            );
            uploaded = true;
          }
        }
        if (!verified) {
          verifying = true;
          patch(item.key, { status: 'verifying', progress: 1, attachmentId, uploaded });
          const id = attachmentId;
          // Announced with the rest of the batch at its end: one e-mail, not one per file.
          await withRetry(() => verifyAttachment(id, signal, { notify: false }), { signal });
        }
        succeeded += 1;
        arrived.push(attachmentId);
        patch(item.key, { status: 'done', progress: 1, attachmentId, uploaded: true });
      } catch (error) {
        if (signal.aborted) return;
        failures += 1;
        // A file the server refused at verification is gone there: it would start over. Otherwise a
        // verification that could not be asked keeps the sent file, to be checked again.
        const keep = verifying && !(isApiError(error) && error.status < 500 && error.status !== 0);
        patch(item.key, {
          status: 'error',
          error: uploadErrorMessage(error, t),
          attachmentId: keep ? attachmentId : null,
          uploaded: keep ? uploaded : false,
        });
      }
    });

    if (signal.aborted) return;
    if (arrived.length > 0) {
      // The files are in whether or not the e-mail can be asked for: a failure here is not the user's.
      await withRetry(() => completeUploads(request.id, arrived, signal), { signal }).catch(() => undefined);
      if (signal.aborted) return;
    }
    controllerRef.current = null;
    setRunning(false);
    invalidateProjectFiles(projectId);
    if (failures === 0 && blocked === 0) {
      notify({ message: t('attachments.upload.uploaded', { count: succeeded }) });
      navigate(routePath('project.attachments', { projectId }));
    } else {
      setSummary(t('attachments.upload.some-failed'));
    }
  };

  const project = request.projects.find((p) => p.id === projectId);

  return (
    <Stack spacing={2}>
      {project && !project.pending && <Alert severity="info">{t('attachments.upload.received')}</Alert>}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          hidden
          onChange={onFiles}
          aria-label={t('attachments.upload.select')}
          data-testid="file-input"
        />
        <Button
          variant="outlined"
          startIcon={<InsertDriveFileIcon />}
          onClick={() => inputRef.current?.click()}
          disabled={running}
          aria-controls={inputId}
        >
          {t('attachments.upload.select')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} id={`${inputId}-help`}>
          {t('attachments.upload.accepted', { types: ACCEPTED_TYPES_TEXT, size: MAX_SIZE_TEXT })}
        </Typography>

        {items.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('attachments.upload.no-files')}
          </Typography>
        ) : (
          <Box
            component="ul"
            aria-label={t('attachments.upload.files-label')}
            aria-live="polite"
            sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}
          >
            {items.map((item) => {
              const type = uploadContentType(item.file);
              return (
                <Box
                  component="li"
                  key={item.key}
                  data-testid="upload-item"
                  sx={{
                    display: 'flex',
                    alignItems: 'flex-start',
                    gap: 1.5,
                    py: 1.5,
                    borderTop: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Box sx={{ pt: 0.25 }} aria-hidden="true">
                    {item.status === 'done' ? (
                      <CheckCircleIcon color="success" />
                    ) : item.status === 'error' ? (
                      <ErrorIcon color="error" />
                    ) : (
                      <InsertDriveFileIcon color="action" />
                    )}
                  </Box>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 500 }}>
                      <FileName name={item.file.name} />
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {formatBytes(item.file.size)}
                      {type ? ` · ${fileTypeLabel(type, item.file.name)}` : ''}
                    </Typography>
                    <StatusLine item={item} />
                  </Box>
                  {!running && item.status !== 'done' && (
                    <IconButton
                      aria-label={t('attachments.upload.remove-label', { name: item.file.name })}
                      title={t('attachments.upload.remove')}
                      onClick={() => setItems((list) => list.filter((other) => other.key !== item.key))}
                    >
                      <CloseIcon />
                    </IconButton>
                  )}
                </Box>
              );
            })}
          </Box>
        )}
      </Paper>
      {summary && (
        <Alert severity="error" role="alert" data-testid="upload-summary">
          {summary}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          size="large"
          startIcon={<UploadFileIcon />}
          disabled={running || toSend.length === 0}
          onClick={() => void start()}
        >
          {running
            ? t('attachments.upload.uploading')
            : t('attachments.upload.submit', { count: toSend.length })}
        </Button>
        <Button component={Link} to={routePath('project.attachments', { projectId })} size="large">
          {t('attachments.upload.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** project.attachments.upload: the request's name, description, created time and creator, then the picker. */
export function AttachmentUploadPage() {
  const { t } = useTranslation();
  const { projectId = '', attachmentRequestId = '' } = useParams();
  const request = useAttachmentRequest(attachmentRequestId);

  return (
    <Page title={t('attachments.upload.heading')} maxWidth="md">
      <QueryState
        query={request}
        errorMessage={t('attachments.upload.load-failed')}
        notFoundMessage={t('attachments.upload.not-found')}
      >
        {(data) => (
          <Stack spacing={2}>
            <RequestDetails
              request={data}
              label={t('attachments.upload.request-label')}
              unknownCreator={t('attachments.upload.unknown-user')}
            />
            {data.projects.some((project) => project.id === projectId) ? (
              <Uploader projectId={projectId} request={data} />
            ) : (
              <EmptyState message={t('attachments.upload.other-project')} />
            )}
          </Stack>
        )}
      </QueryState>
    </Page>
  );
}
