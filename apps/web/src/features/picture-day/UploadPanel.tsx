import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type DragEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoBatch } from '../../api/picture-day';
import { FilePickerButton } from '../../components/FilePickerButton';
import { BatchSection } from './BatchSection';
import { FileList } from './FileList';
import { droppedFiles, type PickedFiles, sortPicked } from './folderFiles';
import { addFiles, useBatchUpload } from './uploadQueue';

/** Shown at most: the names of files left out (a folder of RAW files would list thousands). */
const SKIPPED_SHOWN = 20;

/** Dropping a folder or choosing files for the batch, and how their upload goes. */
export function UploadPanel({ batch }: { batch: PhotoBatch }) {
  const { t } = useTranslation();
  const upload = useBatchUpload(batch.id);
  const [dragging, setDragging] = useState(false);
  const [skipped, setSkipped] = useState<string[]>([]);

  const take = (picked: PickedFiles) => {
    setSkipped(picked.skipped);
    if (picked.jpegs.length > 0) addFiles(batch.id, picked.jpegs);
  };
  const onDrop = async (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    take(sortPicked(await droppedFiles(event.dataTransfer)));
  };
  const onPick = (files: File[]) => take(sortPicked(files));
  const summary = upload?.summary();
  const running = summary?.running ?? false;
  // Other screens of the app keep the upload going; closing the tab stops it (resumable), so ask first.
  useEffect(() => {
    if (!running) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running]);

  return (
    <BatchSection id="batch-upload-heading" title={t('picture-day.upload.heading')}>
      <Paper
        variant="outlined"
        data-testid="batch-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => void onDrop(event)}
        sx={{
          p: 3,
          textAlign: 'center',
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : undefined,
        }}
      >
        <CloudUploadIcon color="primary" fontSize="large" aria-hidden="true" />
        <Typography sx={{ mb: 2 }}>{t('picture-day.upload.drop')}</Typography>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
          <FilePickerButton variant="contained" folder testId="batch-folder-input" onPick={onPick}>
            {t('picture-day.upload.choose-folder')}
          </FilePickerButton>
          <FilePickerButton multiple accept="image/jpeg,.jpg,.jpeg" testId="batch-file-input" onPick={onPick}>
            {t('picture-day.upload.choose-files')}
          </FilePickerButton>
        </Stack>
      </Paper>
      {skipped.length > 0 && (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="batch-skipped">
          {t('picture-day.upload.skipped', { count: skipped.length })}{' '}
          {skipped.slice(0, SKIPPED_SHOWN).join(', ')}
          {skipped.length > SKIPPED_SHOWN &&
            ` ${t('picture-day.upload.and-more', { count: skipped.length - SKIPPED_SHOWN })}`}
        </Alert>
      )}
      {upload && summary && summary.total > 0 && (
        <Box sx={{ mt: 2 }} data-testid="batch-upload-progress">
          <LinearProgress
            variant="determinate"
            value={Math.round(summary.progress * 100)}
            aria-label={t('picture-day.upload.overall')}
          />
          <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography role="status" data-testid="batch-upload-status">
              {summary.running
                ? t('picture-day.upload.running', {
                    count: summary.total,
                    done: summary.done + summary.alreadyThere,
                  })
                : t('picture-day.upload.finished', {
                    count: summary.total,
                    done: summary.done + summary.alreadyThere,
                  })}
            </Typography>
            {summary.alreadyThere > 0 && (
              <Typography color="text.secondary">
                {t('picture-day.upload.already-there', { count: summary.alreadyThere })}
              </Typography>
            )}
            {summary.failed > 0 && (
              <Typography color="error">
                {t('picture-day.upload.failed', { count: summary.failed })}
              </Typography>
            )}
            {summary.running ? (
              <Button size="small" onClick={() => upload.stop()}>
                {t('picture-day.upload.stop')}
              </Button>
            ) : (
              (summary.failed > 0 || summary.queued > 0) && (
                <Button size="small" onClick={() => void upload.start()}>
                  {t('picture-day.upload.retry')}
                </Button>
              )
            )}
          </Stack>
          <FileList upload={upload} />
        </Box>
      )}
    </BatchSection>
  );
}
