import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import ErrorIcon from '@mui/icons-material/Error';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatFieldMessage } from '@school-portal/domain';
import { type ChangeEvent, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import {
  PHOTO_CONTENT_TYPES,
  type Photo,
  photoContentType,
  type UploadItemUpdate,
  type UploadStage,
  uploadSubjectPhotos,
} from '../../api/photos';
import { invalidateAfterUpload } from '../../api/subjects';
import { routePath } from '../../app/routes';
import { formatBytes } from '../../components/format';
import { useSubjectContext } from './SubjectLayout';

interface Item {
  key: string;
  file: File;
  preview: string | null;
  stage: UploadStage;
  progress: number;
  error: string | null;
  photo: Photo | null;
}

type Action =
  | { type: 'add'; items: Item[] }
  | { type: 'remove'; key: string }
  | { type: 'update'; key: string; update: Partial<Item> };

function reducer(items: Item[], action: Action): Item[] {
  switch (action.type) {
    case 'add':
      return [...items, ...action.items];
    case 'remove':
      return items.filter((item) => item.key !== action.key);
    case 'update':
      return items.map((item) => (item.key === action.key ? { ...item, ...action.update } : item));
  }
}

let lastKey = 0;
const newKey = () => {
  lastKey += 1;
  return `file-${lastKey}`;
};

/**
 * Spec §4/§5 subject photo upload: png and jpeg only, several files, progress and remove per file, the
 * button labelled with the count. Afterwards one new photo without a default crop opens the cropper;
 * otherwise the Info tab.
 */
export function SubjectUploadTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { projectId, subject } = useSubjectContext();
  const [items, dispatch] = useReducer(reducer, []);
  const [uploading, setUploading] = useState(false);
  const [summary, setSummary] = useState<string | null>(null);
  const [pickerError, setPickerError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  // Object URLs of the previews go with their files; an upload left running stops with the screen.
  useEffect(
    () => () => {
      abortRef.current?.abort();
      for (const item of itemsRef.current) if (item.preview) URL.revokeObjectURL(item.preview);
    },
    [],
  );

  // Read at navigation time: the screen's own navigation after a finished upload must not be blocked.
  const uploadingRef = useRef(false);
  const blocker = useBlocker(() => uploadingRef.current);
  const setBusy = (busy: boolean) => {
    uploadingRef.current = busy;
    setUploading(busy);
  };

  const errorText = (error: unknown): string => {
    if (isApiError(error, 0)) return t('subjects.upload.network');
    if (isApiError(error) && (error.status === 422 || error.status === 409)) {
      const messages = Object.values(error.fieldErrors ?? {}).flat();
      if (messages[0]) return formatFieldMessage(t('subjects.upload.file-error', { message: messages[0] }));
    }
    return t('subjects.upload.failed');
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const accepted = files.filter((file) => photoContentType(file));
    setPickerError(accepted.length < files.length ? t('subjects.upload.wrong-type') : null);
    setSummary(null);
    dispatch({
      type: 'add',
      items: accepted.map((file) => ({
        key: newKey(),
        file,
        preview: URL.createObjectURL(file),
        stage: 'ready',
        progress: 0,
        error: null,
        photo: null,
      })),
    });
  };

  const removeItem = (item: Item) => {
    if (item.preview) URL.revokeObjectURL(item.preview);
    dispatch({ type: 'remove', key: item.key });
  };

  const queued = items.filter((item) => item.stage === 'ready' || item.stage === 'failed');

  const start = async () => {
    const batch = queued;
    if (batch.length === 0) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setBusy(true);
    setSummary(null);
    for (const item of batch)
      dispatch({ type: 'update', key: item.key, update: { stage: 'ready', progress: 0, error: null } });
    const onItem = (key: string, update: UploadItemUpdate) => {
      const change: Partial<Item> = {};
      if (update.stage) change.stage = update.stage;
      if (update.progress !== undefined) change.progress = update.progress;
      if (update.photo) change.photo = update.photo;
      if (update.stage === 'failed') change.error = errorText(update.error);
      dispatch({ type: 'update', key, update: change });
    };
    let results: Awaited<ReturnType<typeof uploadSubjectPhotos>>;
    try {
      results = await uploadSubjectPhotos({
        projectId,
        subjectId: subject.id,
        files: batch.map(({ key, file }) => ({ key, file })),
        onItem,
        signal: controller.signal,
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      setBusy(false);
      setSummary(isApiError(error, 0) ? t('subjects.upload.network') : t('subjects.upload.start-failed'));
      return;
    } finally {
      abortRef.current = null;
    }
    if (controller.signal.aborted) return;
    setBusy(false);
    invalidateAfterUpload(projectId, subject.id);
    const failed = results.filter((r) => !r.photo).length;
    const photos = new Map(results.flatMap((r) => (r.photo ? [[r.photo.id, r.photo] as const] : [])));
    if (failed > 0) {
      setSummary(
        photos.size === 0
          ? t('subjects.upload.all-failed')
          : t('subjects.upload.some-failed', { count: failed }),
      );
      return;
    }
    const [only] = photos.values();
    const params = { projectId, subjectId: subject.id };
    if (photos.size === 1 && only && !only.default_photo_crop_id) {
      navigate(routePath('project.subject.crop', { ...params, photoId: only.id }));
    } else {
      navigate(routePath('project.subject', params));
    }
  };

  const progressText = (item: Item) => {
    if (item.stage === 'ready') return t('subjects.upload.ready');
    if (item.stage === 'failed') return item.error ?? t('subjects.upload.failed');
    return t('subjects.upload.percent', { percent: Math.round(item.progress * 100) });
  };

  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography sx={{ mb: 2 }}>{t('subjects.upload.intro')}</Typography>
      <input
        ref={inputRef}
        id="subject-photo-files"
        type="file"
        accept={PHOTO_CONTENT_TYPES.join(',')}
        multiple
        hidden
        onChange={pick}
        data-testid="photo-input"
      />
      <Button
        variant="outlined"
        startIcon={<AddPhotoAlternateIcon aria-hidden="true" />}
        onClick={() => inputRef.current?.click()}
        disabled={uploading}
      >
        {items.length > 0 ? t('subjects.upload.select-more') : t('subjects.upload.select')}
      </Button>
      {pickerError && (
        <Alert severity="warning" sx={{ mt: 2 }} role="alert">
          {pickerError}
        </Alert>
      )}

      {items.length > 0 && (
        <Box
          component="ul"
          aria-label={t('subjects.upload.files')}
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, display: 'grid', gap: 1 }}
        >
          {items.map((item) => {
            const text = progressText(item);
            return (
              <Paper
                component="li"
                key={item.key}
                variant="outlined"
                data-testid="upload-item"
                sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center' }}
              >
                {item.preview && (
                  <Box
                    component="img"
                    src={item.preview}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                    sx={{ objectFit: 'cover', borderRadius: 1, flexShrink: 0, bgcolor: 'grey.100' }}
                  />
                )}
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                    <Typography variant="body2" noWrap title={item.file.name} sx={{ fontWeight: 500 }}>
                      {item.file.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                      {formatBytes(item.file.size)}
                    </Typography>
                  </Box>
                  <LinearProgress
                    variant="determinate"
                    value={Math.round(item.progress * 100)}
                    color={item.stage === 'failed' ? 'error' : item.stage === 'done' ? 'success' : 'primary'}
                    aria-label={t('subjects.upload.progress', { name: item.file.name })}
                    sx={{ my: 0.75 }}
                  />
                  <Typography
                    variant="caption"
                    color={item.stage === 'failed' ? 'error' : 'text.secondary'}
                    role={item.stage === 'failed' ? 'alert' : undefined}
                    data-testid="upload-status"
                  >
                    {text}
                  </Typography>
                </Box>
                {item.stage === 'done' ? (
                  <CheckCircleIcon color="success" titleAccess={t('subjects.upload.done')} />
                ) : item.stage === 'failed' ? (
                  <ErrorIcon color="error" aria-hidden="true" />
                ) : null}
                <IconButton
                  aria-label={t('subjects.upload.remove', { name: item.file.name })}
                  onClick={() => removeItem(item)}
                  disabled={uploading || item.stage === 'done'}
                  size="small"
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Paper>
            );
          })}
        </Box>
      )}

      {summary && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          role="alert"
          action={
            <Button
              component={Link}
              to={routePath('project.subject', { projectId, subjectId: subject.id })}
              color="inherit"
              size="small"
            >
              {t('subjects.upload.view-subject')}
            </Button>
          }
        >
          {summary}
        </Alert>
      )}

      <Box sx={{ mt: 3 }}>
        <Button variant="contained" onClick={() => void start()} disabled={uploading || queued.length === 0}>
          {uploading ? t('subjects.upload.uploading') : t('subjects.upload.submit', { count: queued.length })}
        </Button>
      </Box>

      <Dialog
        open={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        aria-describedby="upload-leave-text"
      >
        <DialogContent>
          <DialogContentText id="upload-leave-text">{t('subjects.upload.leave-warning')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => blocker.reset?.()} autoFocus>
            {t('subjects.form.cancel')}
          </Button>
          <Button color="error" onClick={() => blocker.proceed?.()}>
            {t('subjects.upload.leave')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
