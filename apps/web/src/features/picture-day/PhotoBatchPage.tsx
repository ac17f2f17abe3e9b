import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import {
  isWorking,
  MAPPING_FILE_TYPES,
  type PhotoBatch,
  refreshChangedBatch,
  refreshSubjectsAfterApply,
  uploadMappingFile,
  useApplyBatch,
  usePhotoBatch,
  useStartMatching,
} from '../../api/picture-day';
import { useProjectEvents } from '../../api/projectEvents';
import { useCan } from '../../app/can';
import { routePath } from '../../app/routes';
import { FilePickerButton } from '../../components/FilePickerButton';
import { formatDateTime } from '../../components/format';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { BatchReport } from './BatchReport';
import { BatchSection } from './BatchSection';
import { useBatchLabels } from './labels';
import { ReviewPanel } from './ReviewPanel';
import { UploadPanel } from './UploadPanel';
import { useBatchUpload } from './uploadQueue';

/** One batch: upload, match, the report, the review, apply. Leaving and coming back shows where it is. */
export function PhotoBatchPage() {
  const { t } = useTranslation();
  const { projectId = '', batchId = '' } = useParams();
  const upload = useBatchUpload(batchId);
  // Pushed from every API instance: a state move or a verified photo reads the batch again at once.
  const { live } = useProjectEvents(projectId, (event) => {
    if (event.type === 'resync' || ('photo_batch_id' in event && event.photo_batch_id === batchId))
      refreshChangedBatch(batchId, projectId);
  });
  const batch = usePhotoBatch(batchId, upload?.running ?? false, live);
  return (
    <QueryState
      query={batch}
      errorMessage={t('picture-day.batch.load-failed')}
      notFoundMessage={t('picture-day.batch.not-found')}
    >
      {(data) => <BatchScreen batch={data} projectId={projectId} />}
    </QueryState>
  );
}

function BatchScreen({ batch, projectId }: { batch: PhotoBatch; projectId: string }) {
  const { t } = useTranslation();
  const labels = useBatchLabels();
  const can = useCan();
  const upload = useBatchUpload(batch.id);
  const uploading = upload?.running ?? false;
  const editable = batch.state === 'open' || batch.state === 'matched' || batch.state === 'failed';
  const reportShown = batch.state === 'matched' || batch.state === 'applying' || batch.state === 'applied';
  const applied = batch.state === 'applied';
  useEffect(() => {
    if (applied) refreshSubjectsAfterApply(batch.project_id);
  }, [applied, batch.project_id]);
  return (
    <Page title={batch.name}>
      <Stack direction="row" spacing={2} sx={{ mt: -1, mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography color="text.secondary" data-testid="batch-facts">
          {batch.match_by === 'camera_card' || batch.match_by === 'check_in'
            ? labels.matchBy(batch.match_by)
            : t('picture-day.batch.match-by-field', {
                matching: labels.matchBy(batch.match_by),
                field: batch.match_field_label,
              })}
        </Typography>
        <Chip label={labels.state(batch.state)} data-testid="batch-state" size="small" />
        {batch.retakes && <Chip label={t('picture-day.batch.retakes')} size="small" variant="outlined" />}
        <Link component={RouterLink} to={routePath('project.picture-day', { projectId })}>
          {t('picture-day.batch.all-batches')}
        </Link>
      </Stack>
      {batch.state === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('picture-day.batch.failed', { error: batch.error ?? '' })}
        </Alert>
      )}
      <Typography sx={{ mb: 2 }} data-testid="batch-photos-count">
        {t('picture-day.batch.photos', { count: batch.counts.photos, uploaded: batch.counts.uploaded })}
      </Typography>
      {editable && can('photo-batch.upload') && <UploadPanel batch={batch} />}
      {batch.match_by === 'mapping_file' && editable && <MappingFile batch={batch} />}
      {editable && can('photo-batch.match') && <MatchAction batch={batch} uploading={uploading} />}
      {batch.state === 'matching' && <Working text={t('picture-day.batch.matching')} />}
      {reportShown && <BatchReport batch={batch} />}
      {batch.state === 'matched' && <ReviewPanel batch={batch} projectId={projectId} />}
      {batch.state === 'matched' && can('photo-batch.apply') && (
        <ApplyAction batch={batch} uploading={uploading} />
      )}
      {batch.state === 'applying' && <Working text={t('picture-day.batch.applying')} />}
      {batch.state === 'applied' && (
        <Alert severity="success" data-testid="batch-applied">
          {t('picture-day.batch.applied', { date: formatDateTime(batch.applied_at) })}{' '}
          <Link component={RouterLink} to={routePath('project.subjects', { projectId })}>
            {t('picture-day.batch.view-subjects')}
          </Link>
        </Alert>
      )}
    </Page>
  );
}

function Working({ text }: { text: string }) {
  return (
    <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center', mb: 3 }}>
      <CircularProgress size={24} />
      <Typography>{text}</Typography>
    </Stack>
  );
}

function MatchAction({ batch, uploading }: { batch: PhotoBatch; uploading: boolean }) {
  const { t } = useTranslation();
  const match = useStartMatching(batch.id);
  const again = batch.state === 'matched';
  const message = () => {
    if (!match.isError) return null;
    const error = match.error;
    if (isApiError(error) && error.fieldErrors) return Object.values(error.fieldErrors).flat().join(' ');
    return t('picture-day.batch.match-failed');
  };
  const notUploaded = batch.counts.not_uploaded;
  // Photos whose bytes arrived and are still being verified: neither missing nor ready to match yet.
  const verifying = batch.counts.verifying;
  // After a match, photos that arrived since (pending, uploaded) need matching again before apply; those
  // never uploaded need uploading again, or ignoring in the review: matching again alone changes nothing.
  const arrived = batch.counts.pending - notUploaded - verifying;
  if (again && batch.counts.pending === 0) return null;
  return (
    <Box sx={{ mb: 3 }}>
      {verifying > 0 && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="batch-verifying">
          {t('picture-day.batch.verifying', { count: verifying })}
        </Alert>
      )}
      {again && notUploaded > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="batch-not-uploaded">
          {t('picture-day.batch.not-uploaded', { count: notUploaded })}
          <MissingFiles batch={batch} />
        </Alert>
      )}
      {again && arrived > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('picture-day.batch.pending', { count: arrived })}
        </Alert>
      )}
      {!again && !uploading && notUploaded > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="batch-not-uploaded">
          {t('picture-day.batch.upload-stopped', { count: notUploaded })}
          <MissingFiles batch={batch} />
        </Alert>
      )}
      {(!again || arrived > 0) && (
        <Button
          variant="contained"
          disabled={uploading || batch.counts.uploaded === 0 || match.isPending || isWorking(batch.state)}
          onClick={() => match.mutate()}
        >
          {again ? t('picture-day.batch.match-again') : t('picture-day.batch.match')}
        </Button>
      )}
      {uploading && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('picture-day.batch.wait-for-upload')}
        </Typography>
      )}
      {match.isError && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {message()}
        </Alert>
      )}
    </Box>
  );
}

/** The names of the batch's files that were not uploaded (the first ones the API names), and how many more. */
function MissingFiles({ batch }: { batch: PhotoBatch }) {
  const { t } = useTranslation();
  const { total, file_names: names } = batch.not_uploaded_files;
  if (names.length === 0) return null;
  return (
    <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }} data-testid="batch-missing-files">
      {t('picture-day.batch.missing-files')} {names.join(', ')}
      {total > names.length && ` ${t('picture-day.upload.and-more', { count: total - names.length })}`}
    </Typography>
  );
}

function MappingFile({ batch }: { batch: PhotoBatch }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'sending' | 'failed'>('idle');
  const current = batch.mapping_file;
  return (
    <Box sx={{ mb: 3 }} data-testid="batch-mapping-file">
      <Typography sx={{ mb: 1 }}>
        {current?.uploaded
          ? t('picture-day.batch.mapping-file', { name: current.file_name })
          : t('picture-day.batch.mapping-file-missing')}
      </Typography>
      <FilePickerButton
        size="small"
        disabled={state === 'sending'}
        accept={MAPPING_FILE_TYPES}
        onPick={([file]) => {
          if (!file) return;
          setState('sending');
          uploadMappingFile(batch.id, file).then(
            () => setState('idle'),
            () => setState('failed'),
          );
        }}
      >
        {current?.uploaded ? t('picture-day.batch.mapping-file-replace') : t('picture-day.form.mapping-file')}
      </FilePickerButton>
      {state === 'failed' && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {t('picture-day.batch.mapping-file-failed')}
        </Alert>
      )}
    </Box>
  );
}

function ApplyAction({ batch, uploading }: { batch: PhotoBatch; uploading: boolean }) {
  const { t } = useTranslation();
  const apply = useApplyBatch(batch.id);
  const [newest, setNewest] = useState(batch.primary === 'newest');
  return (
    <BatchSection id="batch-apply-heading" title={t('picture-day.apply.heading')}>
      <Typography sx={{ mb: 1 }}>{t('picture-day.apply.intro', { count: batch.counts.matched })}</Typography>
      <FormControlLabel
        control={<Checkbox checked={newest} onChange={(event) => setNewest(event.target.checked)} />}
        label={t('picture-day.form.newest-primary')}
      />
      <Box>
        <Button
          variant="contained"
          disabled={uploading || batch.counts.pending > 0 || apply.isPending}
          onClick={() => apply.mutate(newest ? 'newest' : 'if_none')}
        >
          {t('picture-day.apply.action')}
        </Button>
      </Box>
      {apply.isError && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {isApiError(apply.error) && apply.error.fieldErrors
            ? Object.values(apply.error.fieldErrors).flat().join(' ')
            : t('picture-day.apply.failed')}
        </Alert>
      )}
    </BatchSection>
  );
}
