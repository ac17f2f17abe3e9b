import EventIcon from '@mui/icons-material/Event';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../app/routes';
import { DashboardCard, DashboardFigures } from '../../components/DashboardCard';
import { useYearbookAbilities } from './abilities';
import { useYearbookDeadline, type YearbookDeadlineStatus } from './api';
import { formatDay, useDeadlineWhen } from './format';

/** The missing counts for the deadline: without a portrait, pose not chosen, of everyone in the book. */
function MissingFigures({ deadline }: { deadline: YearbookDeadlineStatus | undefined }) {
  const { t } = useTranslation();
  const keys = ['without_photo', 'pose_not_chosen', 'subjects'] as const;
  return (
    <DashboardFigures
      label={t('yearbook.deadline.figures-label')}
      testIdPrefix="yearbook-deadline-"
      figures={keys.map((key) => ({
        key,
        label: t(`yearbook.deadline.${key}`),
        value: deadline?.missing[key],
      }))}
    />
  );
}

/** "Portrait deadline for Jostens: Oct 14, 2026 (in 3 days)". */
function useSummary() {
  const { t } = useTranslation();
  const when = useDeadlineWhen();
  return (deadline: YearbookDeadlineStatus) =>
    t('yearbook.deadline.summary', {
      name: deadline.name,
      publisher: deadline.publisher_name,
      date: formatDay(deadline.date),
      when: when(deadline.days_left),
    });
}

/**
 * The project dashboard's card of the next yearbook deadline (over the project's targets) and what is
 * still missing for it; nothing when no deadline lies ahead.
 */
export function YearbookDeadlineCard({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const abilities = useYearbookAbilities();
  const deadline = useYearbookDeadline(projectId, abilities.deadline);
  const summary = useSummary();
  if (!abilities.deadline || deadline.data === null || deadline.isPending) return null;
  return (
    <DashboardCard
      icon={<EventIcon />}
      title={t('yearbook.deadline.heading')}
      to={
        deadline.data
          ? routePath('project.yearbook-target', { projectId, targetId: deadline.data.yearbook_target_id })
          : routePath('project.yearbook', { projectId })
      }
      linkLabel={t('yearbook.deadline.card-open')}
      testId="yearbook-deadline-card"
      error={deadline.isError ? t('yearbook.deadline.load-failed') : null}
    >
      {deadline.data && (
        <Typography sx={{ mb: 2 }} data-testid="yearbook-deadline-summary">
          {summary(deadline.data)}
        </Typography>
      )}
      <MissingFigures deadline={deadline.data} />
    </DashboardCard>
  );
}

/** The Coverage page's note of the next yearbook deadline and what is still missing for it. */
export function YearbookDeadlineNote({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const abilities = useYearbookAbilities();
  const deadline = useYearbookDeadline(projectId, abilities.deadline);
  const summary = useSummary();
  const data = deadline.data;
  if (!abilities.deadline || !data) return null;
  const missing = data.missing.without_photo + data.missing.pose_not_chosen;
  return (
    <Alert
      severity={missing > 0 && data.days_left <= 7 ? 'warning' : 'info'}
      icon={<EventIcon />}
      data-testid="yearbook-deadline-note"
      action={
        <Button
          component={Link}
          color="inherit"
          size="small"
          to={routePath('project.yearbook-target', { projectId, targetId: data.yearbook_target_id })}
        >
          {t('yearbook.deadline.card-open')}
        </Button>
      }
    >
      <Typography sx={{ fontWeight: 600, mb: 1 }}>{summary(data)}</Typography>
      <Box>
        <MissingFigures deadline={data} />
      </Box>
    </Alert>
  );
}
