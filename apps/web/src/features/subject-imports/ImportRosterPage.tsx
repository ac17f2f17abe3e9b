import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatFieldMessage } from '@school-portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { queryKeys } from '../../api/keys';
import {
  applyImport,
  type CheckReport,
  checkImport,
  downloadSkippedRows,
  getImport,
  type ImportMode,
  importAttachment,
  importRosterFile,
  ROSTER_ENCODINGS,
  type RosterEncoding,
  type SubjectImportDetail,
  updateImport,
} from '../../api/subjectImports';
import { routePath, useProjectId } from '../../app/routes';
import { FilePickerButton } from '../../components/FilePickerButton';
import { ListTable } from '../../components/table/ListTable';
import { ImportHistory } from './ImportHistory';

const STEPS = ['upload', 'map', 'review', 'done'] as const;

const SKIP = '';

/** Where a warning points: its row, in the file it names when not the rows' own (a OneRoster zip's). */
const warningPlace = (t: TFunction, w: CheckReport['warnings'][number]) =>
  w.file ? t('roster.review.where', { file: w.file, line: w.line }) : String(w.line);

/** Server field keys said as the thing they are about (the API's messages follow them). */
const FIELD_SUBJECTS = [
  'file',
  'upload_file_name',
  'upload_file_size',
  'attachment_id',
  'sheet_name',
  'mapping',
] as const;
const isFieldSubject = (key: string): key is (typeof FIELD_SUBJECTS)[number] =>
  (FIELD_SUBJECTS as readonly string[]).includes(key);

/**
 * The server's 422/409 field errors as plain sentences, one a line (spec §5: a capital first letter and
 * a closing period): "has no rows below its header" on `file` reads "The file has no rows below its header.".
 */
function errorText(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    const body = error.body as { errors?: Record<string, string[]> } | null;
    if (body?.errors && Object.keys(body.errors).length > 0)
      return Object.entries(body.errors)
        .map(([field, messages]) => {
          // Said with what to do here: the Encoding choice on this step.
          if (field === 'encoding') return t('subjects.roster-import.encoding-unknown');
          const subject =
            field === 'base'
              ? ''
              : field.startsWith('mapping.')
                ? t('subjects.roster-import.fields.mapping-column', {
                    column: field.slice('mapping.'.length),
                  })
                : isFieldSubject(field)
                  ? t(`subjects.roster-import.fields.${field}`)
                  : field.replace(/_/g, ' ');
          return messages.map((m) => formatFieldMessage(subject ? `${subject} ${m}` : m)).join(' ');
        })
        .join('\n');
    if (error.status === 403) return t('roster.not-allowed');
  }
  return t('roster.failed');
}

/**
 * Import Roster: Upload, Map Columns, Review, Done. A file from the computer, or a file a
 * school uploaded for a file request (`?attachment=<id>`). Nothing is written before Apply.
 */
export function ImportRosterPage() {
  const { t } = useTranslation();
  const projectId = useProjectId();
  const [search] = useSearchParams();
  const attachmentId = search.get('attachment');
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [imp, setImp] = useState<SubjectImportDetail | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [encoding, setEncoding] = useState<RosterEncoding | ''>('');
  const [mapping, setMapping] = useState<Record<string, string | null>>({});
  const [mode, setMode] = useState<ImportMode>('add_and_update');
  const [saveMapping, setSaveMapping] = useState(true);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const started = useRef(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(errorText(e, t));
    } finally {
      setBusy(false);
    }
  };
  const opened = (read: SubjectImportDetail) => {
    setImp(read);
    setMapping(read.mapping);
    setMode(read.mode);
    setStep(1);
  };

  // "Import as roster": read the file-request upload at once (once, even under StrictMode).
  useEffect(() => {
    if (!attachmentId || started.current) return;
    started.current = true;
    setBusy(true);
    importAttachment(projectId, attachmentId)
      .then((read) => {
        setImp(read);
        setMapping(read.mapping);
        setMode(read.mode);
        setStep(1);
      })
      .catch((e: unknown) => setError(errorText(e, t)))
      .finally(() => setBusy(false));
  }, [attachmentId, projectId, t]);

  // While applying, follow the job's progress.
  useEffect(() => {
    if (imp?.status !== 'applying') return;
    const timer = window.setInterval(() => {
      void getImport(imp.id).then((next) => {
        if (next.status !== 'applying') {
          setImp(next);
          setStep(3);
          void queryClient.invalidateQueries({ queryKey: queryKeys.projects.project(projectId) });
        } else setImp(next);
      });
    }, 500);
    return () => window.clearInterval(timer);
  }, [imp, projectId, queryClient]);

  return (
    <Container maxWidth="lg" sx={{ py: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('roster.heading')}
      </Typography>
      <Stepper activeStep={step} sx={{ mb: 3 }}>
        {STEPS.map((key) => (
          <Step key={key}>
            <StepLabel>{t(`roster.steps.${key}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {error && (
        <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} data-testid="import-error">
          {error}
        </Alert>
      )}
      {busy && <LinearProgress sx={{ mb: 2 }} />}

      {step === 0 && !attachmentId && (
        <Stack spacing={2} alignItems="flex-start">
          <Typography>{t('roster.upload.intro')}</Typography>
          <FilePickerButton
            accept=".csv,.tsv,.txt,.xlsx,.zip"
            testId="roster-file"
            onPick={(files) => {
              const picked = files[0] ?? null;
              // An empty file has nothing to read: said here, before anything is sent.
              if (picked && picked.size === 0) {
                setFile(null);
                setError(t('subjects.roster-import.empty-file', { name: picked.name }));
                return;
              }
              setError(null);
              setFile(picked);
            }}
          >
            {t('roster.upload.select')}
          </FilePickerButton>
          {file && <Typography>{file.name}</Typography>}
          <TextField
            select
            label={t('subjects.roster-import.encoding')}
            value={encoding}
            onChange={(e) => setEncoding(e.target.value as RosterEncoding | '')}
            helperText={t('subjects.roster-import.encoding-help')}
            sx={{ minWidth: 320 }}
          >
            <MenuItem value="">{t('subjects.roster-import.encodings.automatic')}</MenuItem>
            {ROSTER_ENCODINGS.map((name) => (
              <MenuItem key={name} value={name}>
                {t(`subjects.roster-import.encodings.${name}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            disabled={!file || busy}
            onClick={() =>
              void run(async () => {
                try {
                  opened(await importRosterFile(projectId, file!, encoding || null));
                } finally {
                  // The attempt is in the history either way (a file that can't be read, as failed).
                  void queryClient.invalidateQueries({
                    queryKey: ['projects', projectId, 'subject-imports'],
                  });
                }
              })
            }
          >
            {t('roster.upload.upload')}
          </Button>
        </Stack>
      )}

      {step === 1 && imp && (
        <Stack spacing={2}>
          <Typography data-testid="import-intro">
            {imp.file_format === 'oneroster'
              ? t(imp.sheet_name ? 'roster.map.oneroster-school' : 'roster.map.oneroster', {
                  file: imp.upload_file_name,
                  count: imp.row_count,
                  school: imp.sheet_name,
                })
              : imp.sheet_name
                ? t('roster.map.intro-sheet', {
                    file: imp.upload_file_name,
                    count: imp.row_count,
                    sheet: imp.sheet_name,
                  })
                : t('roster.map.intro', { file: imp.upload_file_name, count: imp.row_count })}
          </Typography>
          {imp.file_format === 'oneroster' && imp.sheet_names.length > 1 && (
            // A OneRoster zip of several schools is read one school at a time.
            <TextField
              select
              label={t('roster.map.school')}
              value={imp.sheet_name ?? ''}
              disabled={busy}
              onChange={(e) =>
                void run(async () => opened(await updateImport(imp.id, { sheet_name: e.target.value })))
              }
              sx={{ maxWidth: 320 }}
            >
              {imp.sheet_names.map((name) => (
                <MenuItem key={name} value={name}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {imp.file_format === 'oneroster' && (
            // Students without an identifier get a blank Student ID, unless the roster's sourcedId is used.
            <TextField
              select
              label={t('roster.map.student-id')}
              helperText={t('roster.map.student-id-help')}
              value={imp.oneroster_student_id}
              disabled={busy}
              onChange={(e) =>
                void run(async () =>
                  opened(
                    await updateImport(imp.id, {
                      oneroster_student_id: e.target.value as SubjectImportDetail['oneroster_student_id'],
                    }),
                  ),
                )
              }
              sx={{ maxWidth: 420 }}
              data-testid="oneroster-student-id"
            >
              {(['identifier', 'sourced_id'] as const).map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`roster.map.student-ids.${value}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <ListTable
            size="small"
            label={t('roster.steps.map')}
            columns={[t('roster.map.column'), t('roster.map.field'), t('roster.map.samples')]}
            rows={imp.columns.map((column, index) => ({ column, index }))}
          >
            {({ column, index }) => (
              <TableRow key={column} data-testid="mapping-row">
                <TableCell component="th" scope="row">
                  {column}
                </TableCell>
                <TableCell sx={{ minWidth: 200 }}>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label={t('roster.map.field-for', { column })}
                    value={mapping[column] ?? SKIP}
                    onChange={(e) => setMapping({ ...mapping, [column]: e.target.value || null })}
                  >
                    <MenuItem value={SKIP}>
                      <em>{t('roster.map.skip')}</em>
                    </MenuItem>
                    {imp.fields.map((f) => (
                      <MenuItem key={f.id} value={f.id}>
                        {f.label}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell sx={{ color: 'text.secondary' }}>
                  {imp.sample_rows
                    .map((r) => r[index])
                    .filter(Boolean)
                    .slice(0, 3)
                    .join(', ')}
                </TableCell>
              </TableRow>
            )}
          </ListTable>
          <TextField
            select
            label={t('roster.map.mode')}
            value={mode}
            onChange={(e) => setMode(e.target.value as ImportMode)}
            sx={{ maxWidth: 320 }}
          >
            <MenuItem value="add_and_update">{t('roster.map.add-and-update')}</MenuItem>
            <MenuItem value="add_only">{t('roster.map.add-only')}</MenuItem>
          </TextField>
          <FormControlLabel
            control={<Checkbox checked={saveMapping} onChange={(e) => setSaveMapping(e.target.checked)} />}
            label={t('roster.map.remember')}
          />
          <Box>
            <Button
              variant="contained"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await updateImport(imp.id, { mapping, mode, save_mapping: saveMapping });
                  setImp(await checkImport(imp.id));
                  setStep(2);
                })
              }
            >
              {t('roster.map.check')}
            </Button>
          </Box>
        </Stack>
      )}

      {step === 2 && imp?.check && (
        <Stack spacing={2} data-testid="import-check">
          <Typography>{t('roster.review.intro')}</Typography>
          <Stack direction="row" spacing={3} flexWrap="wrap">
            <Typography data-testid="check-creates">
              {t('roster.review.new', { count: imp.check.create_count })}
            </Typography>
            <Typography data-testid="check-updates">
              {t('roster.review.updated', { count: imp.check.update_count })}
            </Typography>
            <Typography data-testid="check-unchanged">
              {t('roster.review.unchanged', { count: imp.check.unchanged_count })}
            </Typography>
            {imp.check.existing_skipped_count > 0 && (
              <Typography>
                {t('roster.review.existing', { count: imp.check.existing_skipped_count })}
              </Typography>
            )}
            {imp.check.delete_count > 0 && (
              <Typography data-testid="check-deletes">
                {t('roster.review.deletes', { count: imp.check.delete_count })}
              </Typography>
            )}
            <Typography data-testid="check-errors" color={imp.check.error_count ? 'error' : undefined}>
              {t('roster.review.errors', { count: imp.check.error_count })}
            </Typography>
            {imp.check.warning_count + imp.check.notices.length > 0 && (
              <Typography data-testid="check-warnings" color="warning.main">
                {t('roster.review.warnings', { count: imp.check.warning_count + imp.check.notices.length })}
              </Typography>
            )}
          </Stack>
          {imp.check.notices.length > 0 && (
            <Alert severity="warning" data-testid="check-notices">
              {imp.check.notices.map((notice) => (
                <div key={notice}>{formatFieldMessage(notice)}</div>
              ))}
            </Alert>
          )}
          {imp.check.warnings.length > 0 && (
            <ListTable
              size="small"
              label={t('roster.review.warnings-table')}
              columns={[t('roster.review.row'), t('roster.review.subject'), t('roster.review.warning')]}
              rows={imp.check.warnings}
            >
              {(w) => (
                <TableRow key={`${w.file ?? ''}:${w.line}:${w.messages.join()}`} data-testid="warning-row">
                  <TableCell>{warningPlace(t, w)}</TableCell>
                  <TableCell>{w.name ?? ''}</TableCell>
                  <TableCell>{w.messages.join('; ')}</TableCell>
                </TableRow>
              )}
            </ListTable>
          )}
          {imp.check.deletes.length > 0 && (
            <ListTable
              size="small"
              label={t('roster.review.deletes-table')}
              columns={[t('roster.review.row'), t('roster.review.subject')]}
              rows={imp.check.deletes}
            >
              {(d) => (
                <TableRow key={d.line} data-testid="delete-row">
                  <TableCell>{d.line}</TableCell>
                  <TableCell>{d.name}</TableCell>
                </TableRow>
              )}
            </ListTable>
          )}
          {imp.check.updates.length > 0 && (
            <ListTable
              size="small"
              label={t('roster.review.updates')}
              columns={[t('roster.review.row'), t('roster.review.subject'), t('roster.review.changes')]}
              rows={imp.check.updates}
            >
              {(u) => (
                <TableRow key={u.line} data-testid="update-row">
                  <TableCell>{u.line}</TableCell>
                  <TableCell>{u.name}</TableCell>
                  <TableCell>
                    {u.changes
                      .map((c) => `${c.label}: ${c.from || t('roster.review.blank')} → ${c.to}`)
                      .join('; ')}
                  </TableCell>
                </TableRow>
              )}
            </ListTable>
          )}
          {imp.check.errors.length > 0 && (
            <ListTable
              size="small"
              label={t('roster.review.row-errors')}
              columns={[t('roster.review.row'), t('roster.review.problem')]}
              rows={imp.check.errors}
            >
              {(e) => (
                <TableRow key={e.line} data-testid="error-row">
                  <TableCell>{e.line}</TableCell>
                  <TableCell>{e.messages.join('; ')}</TableCell>
                </TableRow>
              )}
            </ListTable>
          )}
          {imp.check.error_count > 0 && (
            <FormControlLabel
              control={<Checkbox checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)} />}
              label={t('roster.review.skip-invalid')}
            />
          )}
          <Stack direction="row" spacing={2}>
            <Button onClick={() => setStep(1)} disabled={busy}>
              {t('roster.back')}
            </Button>
            <Button
              variant="contained"
              disabled={busy || (imp.check.error_count > 0 && !skipInvalid)}
              onClick={() => void run(async () => setImp(await applyImport(imp.id, skipInvalid)))}
            >
              {t('roster.review.apply')}
            </Button>
          </Stack>
          {imp.status === 'applying' && (
            <Box>
              <Typography>
                {t('roster.review.applying', { done: imp.progress.done, total: imp.progress.total })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={imp.progress.total ? (100 * imp.progress.done) / imp.progress.total : 0}
              />
            </Box>
          )}
        </Stack>
      )}

      {step === 3 && imp && (
        <Stack spacing={2} data-testid="import-done">
          {imp.status === 'applied' && imp.report ? (
            <Alert severity="success">
              {t(imp.report.deleted ? 'roster.done.complete-deleted' : 'roster.done.complete', {
                ...imp.report,
              })}
            </Alert>
          ) : (
            <Alert severity="error">
              {imp.failure ? formatFieldMessage(imp.failure) : t('roster.done.failed')}
            </Alert>
          )}
          <Stack direction="row" spacing={2}>
            <Button
              variant="contained"
              component={RouterLink}
              to={routePath('project.subjects', { projectId })}
            >
              {t('roster.done.view-subjects')}
            </Button>
            {!!imp.report?.skipped && (
              <Button onClick={() => void downloadSkippedRows(imp)}>
                {t('roster.done.download-skipped')}
              </Button>
            )}
          </Stack>
        </Stack>
      )}

      <Box sx={{ mt: 4 }}>
        <ImportHistory projectId={projectId} />
      </Box>
    </Container>
  );
}
