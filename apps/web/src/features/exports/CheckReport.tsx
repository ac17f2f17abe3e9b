import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ExportCheckReport } from '../../api/projectExports';
import { useSubject } from '../../api/subjects';
import { routePath } from '../../app/routes';

/** Names shown per issue when opened; the rest are counted. */
const SHOWN_SUBJECTS = 10;

type CheckIssue = ExportCheckReport['issues'][number];
type ValueChange = NonNullable<CheckIssue['changes']>[number];

function SubjectChip({ projectId, subjectId }: { projectId: string; subjectId: string }) {
  const subject = useSubject(subjectId);
  return (
    <Chip
      size="small"
      clickable
      component={Link}
      to={routePath('project.subject', { projectId, subjectId })}
      label={subject.data?.display_name || '…'}
    />
  );
}

/** A value the archive will write otherwise: whose, which column, and what it becomes. */
function Change({ projectId, change }: { projectId: string; change: ValueChange }) {
  const { t } = useTranslation();
  return (
    <ListItem sx={{ px: 0, py: 0.25, gap: 1 }} data-testid="check-change">
      <SubjectChip projectId={projectId} subjectId={change.subject_id} />
      <Typography variant="body2">
        {t('exports.run.check.change', { field: change.field, from: change.from, to: change.to })}
      </Typography>
    </ListItem>
  );
}

function Issue({ projectId, issue }: { projectId: string; issue: CheckIssue }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const changes = issue.changes ?? [];
  const shown = changes.length > 0 ? changes.length : issue.subject_ids.length;
  const more = changes.length > 0 ? 0 : issue.count - Math.min(shown, SHOWN_SUBJECTS);
  return (
    <ListItem sx={{ display: 'block', px: 0 }} data-testid="check-issue" data-code={issue.code}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2">{issue.message}</Typography>
        {issue.subject_ids.length > 0 && (
          <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
            {open ? t('exports.run.check.hide-subjects') : t('exports.run.check.show-subjects')}
          </Button>
        )}
      </Box>
      {open && changes.length > 0 && (
        <List dense disablePadding>
          {changes.map((change) => (
            <Change
              key={`${change.subject_id}-${change.field}-${change.from}`}
              projectId={projectId}
              change={change}
            />
          ))}
        </List>
      )}
      {open && changes.length === 0 && (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
          {issue.subject_ids.slice(0, SHOWN_SUBJECTS).map((id) => (
            <SubjectChip key={id} projectId={projectId} subjectId={id} />
          ))}
          {more > 0 && (
            <Typography variant="caption" sx={{ alignSelf: 'center' }}>
              {t('exports.run.check.more', { count: more })}
            </Typography>
          )}
        </Box>
      )}
    </ListItem>
  );
}

/**
 * The pre-export check's report in the wizard's first step (docs/exports.md, the pre-export check):
 * each problem with its count and, on demand, the subjects concerned. Warnings only: the user may go on
 * anyway.
 */
export function CheckReport({
  projectId,
  report,
  pending,
  failed,
}: {
  projectId: string;
  report: ExportCheckReport | undefined;
  pending: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-label={t('exports.run.check.title')} data-testid="export-check">
      <Typography variant="h6" component="h2">
        {t('exports.run.check.title')}
      </Typography>
      {failed && <Alert severity="error">{t('exports.run.check.failed')}</Alert>}
      {!failed && !report && pending && <Typography>{t('exports.run.check.running')}</Typography>}
      {!failed && report && (
        <>
          <Typography>{t('exports.run.check.subjects', { count: report.subjects_count })}</Typography>
          {report.issues.length === 0 ? (
            <Alert severity="success" sx={{ mt: 1 }}>
              {t('exports.run.check.ok')}
            </Alert>
          ) : (
            <Alert severity="warning" sx={{ mt: 1 }}>
              <List dense disablePadding aria-label={t('exports.run.check.issues')}>
                {report.issues.map((issue) => (
                  <Issue key={`${issue.code}-${issue.field_key ?? ''}`} projectId={projectId} issue={issue} />
                ))}
              </List>
              <Typography variant="body2">{t('exports.run.check.go-on')}</Typography>
            </Alert>
          )}
        </>
      )}
    </Box>
  );
}
