import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { ROW_HEIGHT, useVirtualRows } from '../../components/table/useVirtualRows';
import type { BatchUpload } from './uploadQueue';

/** The chosen files, one row each, only the rows in view rendered (a shoot has thousands). */
export function FileList({ upload }: { upload: BatchUpload }) {
  const { t } = useTranslation();
  const count = upload.files.length;
  const { ref, start, end, paddingTop, paddingBottom } = useVirtualRows(count, upload.batchId);
  const rows = [];
  for (let index = start; index < end; index++) {
    const file = upload.files[index];
    if (!file) continue;
    const stage = upload.stage(index);
    const error = upload.error(index);
    rows.push(
      <Box
        component="li"
        key={index}
        data-testid="batch-file"
        sx={{
          height: ROW_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          px: 2,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography noWrap sx={{ flex: 1, minWidth: 0 }} title={file.name}>
          {file.name}
        </Typography>
        {stage === 'uploading' && (
          <LinearProgress
            variant="determinate"
            value={Math.round(upload.fraction(index) * 100)}
            sx={{ width: 120 }}
            aria-label={t('picture-day.upload.file-progress', { name: file.name })}
          />
        )}
        {stage === 'failed' && <ErrorIcon color="error" aria-hidden="true" />}
        {(stage === 'done' || stage === 'already-there') && (
          <CheckCircleIcon color="success" aria-hidden="true" />
        )}
        <Typography
          variant="body2"
          color={stage === 'failed' ? 'error' : 'text.secondary'}
          sx={{ width: 220 }}
        >
          {stage === 'failed' && isApiError(error, 0)
            ? t('picture-day.upload.stage.offline')
            : t(`picture-day.upload.stage.${stage}`)}
        </Typography>
      </Box>,
    );
  }
  return (
    <Box
      ref={ref}
      sx={{
        mt: 1,
        maxHeight: 8 * ROW_HEIGHT,
        overflow: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Box
        component="ul"
        aria-label={t('picture-day.upload.files')}
        sx={{ listStyle: 'none', m: 0, p: 0, pt: `${paddingTop}px`, pb: `${paddingBottom}px` }}
      >
        {rows}
      </Box>
    </Box>
  );
}
