import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectAttachments } from '../../api/attachments';
import { isApiError } from '../../api/client';
import {
  type ConsentImportColumns,
  type ConsentImportReport,
  uploadConsentFile,
  useConsentImport,
} from '../../api/consentImports';
import { useCan } from '../../app/can';
import { useNotify } from '../../components/Notifications';
import { precheck, uploadErrorMessage } from '../attachments/uploadMessages';

/** Spreadsheets the server reads (as roster files are). */
const READABLE = /\.(csv|tsv|txt|xlsx)$/i;
/** What the dialog's own upload offers: the readable spreadsheets a project's files may hold (no .tsv type there). */
const UPLOAD_ACCEPT = '.csv,.txt,.xlsx';
const COLUMNS = ['student_id_column', 'directory_opt_out_column', 'yearbook_opt_out_column'] as const;
/** The select's value for "not read". */
const NONE = '';

/**
 * Consent from the school's own file: its staff upload their information system's export here (it joins
 * the project's files) or pick a spreadsheet already among them, check which columns are read and what
 * would change, then apply. The
 * server guesses the columns; every change of a column reads the file again. Nothing is written before
 * Apply, and a file with values that are not yes or no cannot be applied.
 */
export function ConsentImportDialog({
  projectId,
  open,
  onClose,
}: {
  projectId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const files = useProjectAttachments(projectId);
  const read = useConsentImport(projectId);
  const can = useCan();
  const [attachmentId, setAttachmentId] = useState('');
  const [report, setReport] = useState<ConsentImportReport | null>(null);
  // The file uploaded here, listed until the project's files are read again with it.
  const [uploaded, setUploaded] = useState<{ id: string; upload_file_name: string } | null>(null);
  const [upload, setUpload] = useState<{ progress: number } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const listed = (files.data ?? []).filter((f) => f.is_upload_verified && READABLE.test(f.upload_file_name));
  const readable = uploaded && !listed.some((f) => f.id === uploaded.id) ? [uploaded, ...listed] : listed;
  const busy = read.isPending || upload !== null;

  const preview = (id: string, columns: ConsentImportColumns) => {
    setAttachmentId(id);
    setReport(null);
    read.mutate({ attachmentId: id, columns, apply: false }, { onSuccess: setReport });
  };
  const chosen = (): ConsentImportColumns =>
    report ? Object.fromEntries(COLUMNS.map((c) => [c, report[c]])) : {};
  const close = () => {
    if (busy) return;
    read.reset();
    setReport(null);
    setAttachmentId('');
    setUploaded(null);
    setUploadError(null);
    onClose();
  };
  /** The picked file: checked, uploaded to the project's files, then read as if chosen from them. */
  const uploadPicked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    const refused = precheck(file, t);
    if (refused) {
      setUploadError(refused);
      return;
    }
    setUpload({ progress: 0 });
    try {
      const attachment = await uploadConsentFile(projectId, file, {
        onProgress: (progress) => setUpload({ progress }),
      });
      setUploaded({ id: attachment.id, upload_file_name: attachment.upload_file_name });
      setUpload(null);
      preview(attachment.id, {});
    } catch (error) {
      setUpload(null);
      setUploadError(uploadErrorMessage(error, t));
    }
  };
  const apply = () =>
    read.mutate(
      { attachmentId, columns: chosen(), apply: true },
      {
        onSuccess: (applied) => {
          notify({
            message: t('subjects.consent-import.applied', { count: applied.changed }),
            severity: 'success',
          });
          close();
        },
      },
    );

  const refusal = isApiError(read.error, 422)
    ? Object.values(read.error.fieldErrors ?? {}).flat()
    : read.error
      ? [t('subjects.consent-import.failed')]
      : [];
  const blocked =
    !report ||
    report.student_id_column === null ||
    (report.directory_opt_out_column === null && report.yearbook_opt_out_column === null) ||
    report.invalid.count > 0 ||
    report.conflicting.count > 0 ||
    report.changes === 0;

  return (
    <Dialog open={open} onClose={close} aria-labelledby="consent-import-title" fullWidth maxWidth="sm">
      <DialogTitle id="consent-import-title">{t('subjects.consent-import.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('subjects.consent-import.intro')}</DialogContentText>
        {can('attachment.upload') && (
          <Stack spacing={1} sx={{ mb: 2 }}>
            <input
              ref={picker}
              type="file"
              hidden
              accept={UPLOAD_ACCEPT}
              aria-label={t('subjects.consent-import.upload-input')}
              onChange={(event) => void uploadPicked(event)}
            />
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => picker.current?.click()}
              disabled={busy}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('subjects.consent-import.upload')}
            </Button>
            {upload && (
              <Box>
                <Typography variant="body2" color="text.secondary">
                  {t('subjects.consent-import.uploading', { percent: Math.round(upload.progress * 100) })}
                </Typography>
                <LinearProgress variant="determinate" value={upload.progress * 100} />
              </Box>
            )}
            {uploadError && <Alert severity="error">{uploadError}</Alert>}
          </Stack>
        )}
        <TextField
          select
          fullWidth
          label={t('subjects.consent-import.file')}
          value={attachmentId}
          onChange={(event) => preview(event.target.value, {})}
          disabled={busy}
          helperText={files.isSuccess && readable.length === 0 ? t('subjects.consent-import.no-files') : ' '}
        >
          {readable.map((f) => (
            <MenuItem key={f.id} value={f.id}>
              {f.upload_file_name}
            </MenuItem>
          ))}
        </TextField>
        {report && (
          <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
            {COLUMNS.map((column) => (
              <TextField
                key={column}
                select
                label={t(`subjects.consent-import.${column}`)}
                value={report[column] ?? NONE}
                disabled={read.isPending}
                onChange={(event) =>
                  preview(attachmentId, { ...chosen(), [column]: event.target.value || null })
                }
              >
                <MenuItem value={NONE}>
                  <em>{t('subjects.consent-import.not-read')}</em>
                </MenuItem>
                {report.columns.map((header) => (
                  <MenuItem key={header} value={header}>
                    {header}
                  </MenuItem>
                ))}
              </TextField>
            ))}
            <ConsentImportSummary report={report} />
          </Box>
        )}
        {refusal.length > 0 && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {refusal.join(' ')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {t('subjects.consent-import.cancel')}
        </Button>
        <Button variant="contained" onClick={apply} disabled={blocked || busy}>
          {t('subjects.consent-import.apply', { count: report?.changes ?? 0 })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What the file says: rows matched and not, values that are not yes or no, and what would change. */
function ConsentImportSummary({ report }: { report: ConsentImportReport }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="consent-import-summary">
      <Typography>
        {t('subjects.consent-import.matched', { count: report.rows, matched: report.matched })}
      </Typography>
      {report.unmatched.count > 0 && (
        <Typography color="text.secondary">
          {t('subjects.consent-import.unmatched', {
            count: report.unmatched.count,
            lines: report.unmatched.lines.slice(0, 20).join(', '),
          })}
        </Typography>
      )}
      <Typography>{t('subjects.consent-import.changes', { count: report.changes })}</Typography>
      {report.invalid.count > 0 && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('subjects.consent-import.invalid', { count: report.invalid.count })}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {report.invalid.rows.slice(0, 20).map((row) => (
              <li key={`${row.line}-${row.column}`}>{t('subjects.consent-import.invalid-row', row)}</li>
            ))}
          </Box>
        </Alert>
      )}
      {report.conflicting.count > 0 && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('subjects.consent-import.conflicting', {
            count: report.conflicting.count,
            lines: report.conflicting.lines.slice(0, 20).join(', '),
          })}
        </Alert>
      )}
    </Box>
  );
}
