import DownloadIcon from '@mui/icons-material/Download';
import MailIcon from '@mui/icons-material/Mail';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import {
  type Coverage,
  type CoverageClass,
  downloadCoverageCsv,
  type MissingSubject,
  type NotificationPreview,
  useCoverage,
  useNotificationPreview,
  useNotifySchool,
  usePrintMissing,
} from '../../api/coverage';
import { useCurrentProject } from '../../api/projects';
import { useCan } from '../../app/can';
import { useNotify } from '../../components/Notifications';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { SubHeading } from '../../components/SubHeading';
import { ListTable } from '../../components/table/ListTable';
import { useSetSearchParam } from '../../components/useSetSearchParam';
import { YearbookDeadlineNote } from '../yearbook/DeadlineCard';
import { COVERAGE_COUNTS, CoverageFigures } from './CoverageFigures';
import { MissingPdfDialog } from './MissingPdfDialog';
import { SessionFigures } from './SessionFigures';
import { useLiveCoverage } from './useLiveCoverage';

/**
 * Coverage: the project's figures, the same by class (teacher, grade, home room: the class
 * fields the caller sees), and the subjects still without a portrait, a page at a time; the list as CSV
 * and as a PDF (a Contact Sheet print, a page per class, followed in a dialog); the studio e-mails the school.
 */
export function CoveragePage() {
  const { t } = useTranslation();
  const { projectId, project } = useCurrentProject();
  const [page, setPage] = useState(1);
  const coverage = useCoverage(projectId, page);
  // Pushed by the server as stations check in, batches are applied and checks fail: read again at once.
  useLiveCoverage(projectId);
  return (
    <Page
      title={t('coverage.title')}
      actions={
        <CoverageActions
          projectId={projectId}
          name={project.data?.name ?? ''}
          school={project.data?.organization_name ?? ''}
        />
      }
    >
      <Typography color="text.secondary" sx={{ mt: -1, mb: 2 }}>
        {t('coverage.intro')}
      </Typography>
      <QueryState query={coverage} errorMessage={t('coverage.load-failed')}>
        {(data) => (
          <Stack spacing={3}>
            <YearbookDeadlineNote projectId={projectId} />
            <CoverageFigures totals={data.coverage.totals} />
            <SessionFigures projectId={projectId} />
            <ClassTable coverage={data.coverage} />
            <SubHeading>{t('coverage.missing.heading')}</SubHeading>
            <ListTable
              label={t('coverage.missing.label')}
              testId="coverage-missing"
              columns={[
                t('coverage.missing.name'),
                t('coverage.missing.student_id'),
                ...data.coverage.class_fields.map((f) => f.label),
                { label: t('coverage.missing.photos'), align: 'right' as const },
              ]}
              rows={data.missing}
              emptyMessage={t('coverage.missing.empty')}
              busy={coverage.isPlaceholderData}
              paging={{ meta: data.meta, onPage: setPage, disabled: coverage.isFetching }}
            >
              {(s: MissingSubject) => (
                <TableRow key={s.id}>
                  <TableCell>
                    {[s.last_name, s.first_name].filter(Boolean).join(', ') || s.display_name}
                  </TableCell>
                  <TableCell>{s.student_id ?? ''}</TableCell>
                  {data.coverage.class_fields.map((f) => (
                    <TableCell key={f.key}>{s[f.key] ?? ''}</TableCell>
                  ))}
                  <TableCell align="right">
                    {s.needs_retake && (
                      <Chip
                        size="small"
                        color="warning"
                        variant="outlined"
                        label={t('coverage.missing.needs-retake')}
                        sx={{ mr: 1 }}
                      />
                    )}
                    {s.photos_count}
                  </TableCell>
                </TableRow>
              )}
            </ListTable>
          </Stack>
        )}
      </QueryState>
    </Page>
  );
}

/** The figures by class: one row for each combination of the class fields' values. */
function ClassTable({ coverage }: { coverage: Coverage }) {
  const { t } = useTranslation();
  return (
    <>
      <SubHeading>{t('coverage.classes.heading')}</SubHeading>
      <ListTable
        label={t('coverage.classes.label')}
        testId="coverage-classes"
        size="small"
        columns={[
          ...coverage.class_fields.map((f) => f.label),
          ...COVERAGE_COUNTS.map((key) => ({ label: t(`coverage.totals.${key}`), align: 'right' as const })),
        ]}
        rows={coverage.classes}
        emptyMessage={t('coverage.classes.empty')}
      >
        {(c: CoverageClass) => (
          <TableRow key={coverage.class_fields.map((f) => c[f.key] ?? '').join('\u0000')}>
            {coverage.class_fields.map((f) => (
              <TableCell key={f.key}>{c[f.key] || t('coverage.classes.blank')}</TableCell>
            ))}
            {COVERAGE_COUNTS.map((key) => (
              <TableCell key={key} align="right">
                {c[key]}
              </TableCell>
            ))}
          </TableRow>
        )}
      </ListTable>
    </>
  );
}

/** Download CSV, Download PDF (a print followed in its dialog), and the studio's e-mail. */
function CoverageActions({ projectId, name, school }: { projectId: string; name: string; school: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const notify = useNotify();
  const [params] = useSearchParams();
  const setParam = useSetSearchParam();
  const pdfId = params.get('pdf');
  const [confirming, setConfirming] = useState(false);
  const print = usePrintMissing(projectId);
  const send = useNotifySchool(projectId);
  // Read when the confirmation opens: the studio sees the message before anything is sent.
  const preview = useNotificationPreview(projectId, confirming);
  const downloadCsv = () =>
    void downloadCoverageCsv(projectId, name).catch(() =>
      notify({ message: t('coverage.download-failed'), severity: 'error' }),
    );
  const downloadPdf = () =>
    print.mutate(undefined, {
      onSuccess: (render) => setParam('pdf', render.id, { replace: true }),
      onError: () => notify({ message: t('coverage.print-failed'), severity: 'error' }),
    });
  const close = () => {
    if (send.isPending) return;
    send.reset();
    setConfirming(false);
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={downloadCsv}>
        {t('coverage.download-csv')}
      </Button>
      {can('coverage.print') && (
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfIcon />}
          onClick={downloadPdf}
          disabled={print.isPending}
        >
          {t('coverage.download-pdf')}
        </Button>
      )}
      {can('coverage.notify') && (
        <>
          <Button variant="contained" startIcon={<MailIcon />} onClick={() => setConfirming(true)}>
            {t('coverage.notify.action')}
          </Button>
          <Dialog open={confirming} onClose={close} aria-labelledby="coverage-notify-title">
            <DialogTitle id="coverage-notify-title">{t('coverage.notify.title')}</DialogTitle>
            <DialogContent>
              <DialogContentText>{t('coverage.notify.text', { name: school })}</DialogContentText>
              <NotificationPreviewBox query={preview} />
              {send.isError && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {t('coverage.notify.failed')}
                </Alert>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={close} disabled={send.isPending}>
                {t('coverage.notify.cancel')}
              </Button>
              <Button
                variant="contained"
                disabled={send.isPending || !preview.isSuccess}
                onClick={() =>
                  send.mutate(undefined, {
                    onSuccess: (sent) => {
                      notify({
                        message: t('coverage.notify.sent', { name: sent.organization_name }),
                        severity: 'success',
                      });
                      send.reset();
                      setConfirming(false);
                    },
                  })
                }
              >
                {t('coverage.notify.send')}
              </Button>
            </DialogActions>
          </Dialog>
        </>
      )}
      <MissingPdfDialog renderId={pdfId} onClose={() => setParam('pdf', null, { replace: true })} />
    </Stack>
  );
}

/**
 * The e-mail as it would go (recipient, subject, text), shown in the confirmation before sending: a
 * spinner while it is read, the reason when it cannot be (every subject has a portrait, no recipient).
 */
function NotificationPreviewBox({ query }: { query: UseQueryResult<NotificationPreview> }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
        <CircularProgress size={20} />
        <Typography color="text.secondary">{t('coverage.notify.preview-loading')}</Typography>
      </Stack>
    );
  }
  if (query.isError) {
    const fields = isApiError(query.error, 422) ? (query.error.fieldErrors ?? {}) : {};
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {fields.missing
          ? t('coverage.notify.none-missing')
          : fields.recipient
            ? t('coverage.notify.no-recipient')
            : t('coverage.notify.preview-failed')}
      </Alert>
    );
  }
  const mail = query.data;
  return (
    <Box
      component="section"
      aria-label={t('coverage.notify.preview-label')}
      data-testid="coverage-notify-preview"
      sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography variant="body2">
        <strong>{t('coverage.notify.to')}</strong> {mail.to}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        <strong>{t('coverage.notify.subject')}</strong> {mail.subject}
      </Typography>
      <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {mail.text.trim()}
      </Typography>
    </Box>
  );
}
