import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { routePath, useProjectId } from '../../app/routes';
import { DashboardFigures } from '../../components/DashboardCard';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import { LinkButton } from '../../components/RouterLink';
import { SectionCard } from '../../components/Section';
import { ListTable } from '../../components/table/ListTable';
import { useSetSearchParam } from '../../components/useSetSearchParam';
import {
  type CheckWarning,
  type DeliveryCheck,
  type DeliveryCounts,
  type DeliveryKind,
  type NamedSubject,
  useDeliveryCheck,
  useYearbookTarget,
} from './api';
import { withClass } from './format';
import { refusal } from './refusal';

/** Names shown per warning when opened; the rest are counted. */
const SHOWN_SUBJECTS = 50;

/** A subject a warning names, leading to its page. */
function SubjectChip({ projectId, subject }: { projectId: string; subject: NamedSubject }) {
  return (
    <Chip
      size="small"
      clickable
      component={Link}
      to={routePath('project.subject', { projectId, subjectId: subject.id })}
      label={withClass(subject)}
    />
  );
}

/** One warning: its message, and on demand the subjects it names. */
function Warning({ projectId, warning }: { projectId: string; warning: CheckWarning }) {
  const { t } = useTranslation();
  // The names are the point of the check: shown from the start when there are few.
  const [open, setOpen] = useState(warning.subjects.length <= 10);
  const more = warning.count - Math.min(warning.subjects.length, SHOWN_SUBJECTS);
  return (
    <ListItem sx={{ display: 'block', px: 0 }} data-testid="yearbook-check-warning" data-code={warning.code}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2">{warning.message}</Typography>
        {warning.subjects.length > 0 && (
          <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
            {open ? t('yearbook.check.hide-subjects') : t('yearbook.check.show-subjects')}
          </Button>
        )}
      </Box>
      {open && (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
          {warning.subjects.slice(0, SHOWN_SUBJECTS).map((subject) => (
            <SubjectChip key={subject.id} projectId={projectId} subject={subject} />
          ))}
          {more > 0 && (
            <Typography variant="caption" sx={{ alignSelf: 'center' }}>
              {t('yearbook.check.more', { count: more })}
            </Typography>
          )}
        </Box>
      )}
    </ListItem>
  );
}

/** The counts a check or a delivery shows, by kind: a full one's book; a changes one's changes. */
const FIGURES: Record<DeliveryKind, (keyof DeliveryCounts)[]> = {
  full: ['subjects', 'images'],
  changes: ['added', 'replaced', 'corrected', 'removed', 'unchanged', 'subjects'],
};

/** The check's report: what the delivery would hold, every warning with its subjects, the not-pictured list. */
export function CheckReport({ projectId, check }: { projectId: string; check: DeliveryCheck }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} data-testid="yearbook-check">
      <SectionCard id="yearbook-check-holds" title={t('yearbook.check.holds-label')}>
        <DashboardFigures
          label={t('yearbook.check.holds-label')}
          testIdPrefix="yearbook-check-count-"
          figures={FIGURES[check.kind].map((key) => ({
            key,
            label: t(`yearbook.counts.${key}`),
            value: check.would_hold[key],
          }))}
        />
        {check.kind === 'changes' && (
          <List dense aria-label={t('yearbook.check.changes-label')} sx={{ mt: 2 }}>
            {check.changes.length === 0 ? (
              <ListItem sx={{ px: 0 }}>{t('yearbook.check.no-changes')}</ListItem>
            ) : (
              check.changes.map((change) => (
                <ListItem
                  key={`${change.subject_id}-${change.kind}`}
                  sx={{ px: 0 }}
                  data-testid="yearbook-check-change"
                >
                  {change.text}
                </ListItem>
              ))
            )}
          </List>
        )}
      </SectionCard>
      <SectionCard id="yearbook-check-warnings" title={t('yearbook.check.warnings-heading')} headingGap={1}>
        {check.warnings.length === 0 ? (
          <Alert severity="success">{t('yearbook.check.ok')}</Alert>
        ) : (
          <List dense disablePadding aria-label={t('yearbook.check.warnings-label')}>
            {check.warnings.map((warning) => (
              <Warning key={warning.code} projectId={projectId} warning={warning} />
            ))}
          </List>
        )}
      </SectionCard>
      <SectionCard
        id="yearbook-check-not-pictured"
        title={t('yearbook.check.not-pictured-heading', { total: check.not_pictured.length })}
        headingGap={1}
      >
        <ListTable
          label={t('yearbook.check.not-pictured-label')}
          testId="yearbook-not-pictured"
          size="small"
          columns={[t('yearbook.check.name'), t('yearbook.check.grade'), t('yearbook.check.teacher')]}
          rows={check.not_pictured}
          emptyMessage={t('yearbook.check.not-pictured-empty')}
        >
          {(s) => (
            <TableRow key={s.id}>
              <TableCell component="th" scope="row">
                {s.name}
              </TableCell>
              <TableCell>{s.grade}</TableCell>
              <TableCell>{s.teacher}</TableCell>
            </TableRow>
          )}
        </ListTable>
      </SectionCard>
    </Stack>
  );
}

const KINDS: DeliveryKind[] = ['full', 'changes'];

/**
 * Check Before Delivery (nothing is written): for the next full or changes delivery (`kind`), what it
 * would hold and every warning, naming the subjects, with the list of who is not pictured. Read again on
 * Check Again (after a pose is chosen or a photo lands).
 */
export function CheckPage() {
  const { t } = useTranslation();
  const projectId = useProjectId();
  const { targetId = '' } = useParams();
  const [params] = useSearchParams();
  const setParam = useSetSearchParam();
  const kind: DeliveryKind = params.get('kind') === 'changes' ? 'changes' : 'full';
  const target = useYearbookTarget(targetId).data;
  const check = useDeliveryCheck(targetId, kind);
  const title = target ? `${t('yearbook.check.title')}: ${target.publisher_name}` : t('yearbook.check.title');

  return (
    <Page
      title={title}
      actions={
        <LinkButton to={routePath('project.yearbook-target', { projectId, targetId })}>
          {t('yearbook.check.back')}
        </LinkButton>
      }
    >
      <Typography color="text.secondary" sx={{ mt: -1, mb: 2 }}>
        {t('yearbook.check.intro')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 3, flexWrap: 'wrap', alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={kind}
          aria-label={t('yearbook.check.kind-label')}
          onChange={(_e, value: DeliveryKind | null) => value && setParam('kind', value, { replace: true })}
        >
          {KINDS.map((k) => (
            <ToggleButton key={k} value={k}>
              {t(`yearbook.kinds.${k}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button startIcon={<RefreshIcon />} onClick={() => void check.refetch()} disabled={check.isFetching}>
          {check.isFetching ? t('yearbook.check.running') : t('yearbook.check.run-again')}
        </Button>
      </Stack>
      {check.isPending ? (
        <LoadingScreen label={t('yearbook.check.running')} />
      ) : check.isError ? (
        <Alert severity="error" role="alert">
          {refusal(check.error, t('yearbook.check.failed'))}
        </Alert>
      ) : (
        <CheckReport projectId={projectId} check={check.data} />
      )}
    </Page>
  );
}
