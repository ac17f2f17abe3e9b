import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/can';
import { DashboardFigures } from '../../components/DashboardCard';
import { formatCalendarDate } from '../../components/format';
import { SubHeading } from '../../components/SubHeading';
import { type SessionCounts, usePhotoSessions } from '../photo-sessions/api';

/** A session's counts, in the order the figures show them. */
const SESSION_COUNTS = [
  'photographed',
  'absent',
  'retake',
  'remaining',
] as const satisfies readonly (keyof SessionCounts)[];

/**
 * Picture day as it happens: each photo session's counts (photographed, absent, retake asked, still to
 * photograph), read again as the stations check students in (useLiveCoverage). Nothing when the project
 * has no session.
 */
export function SessionFigures({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const allowed = can('photo-session.list');
  const sessions = usePhotoSessions(projectId, allowed);
  if (!allowed || !sessions.data || sessions.data.length === 0) return null;
  return (
    <Stack spacing={2} data-testid="coverage-sessions">
      <SubHeading>{t('coverage.sessions.heading')}</SubHeading>
      {sessions.data.map((session) => (
        <Stack key={session.id} spacing={1}>
          <Typography variant="subtitle1" component="p">
            {t('coverage.sessions.session', { name: session.name, date: formatCalendarDate(session.date) })}
          </Typography>
          <DashboardFigures
            label={t('coverage.sessions.label', { name: session.name })}
            testIdPrefix={`session-${session.id}-count-`}
            figures={SESSION_COUNTS.map((key) => ({
              key,
              label: t(`coverage.sessions.${key}`),
              value: session.counts?.[key],
            }))}
          />
        </Stack>
      ))}
    </Stack>
  );
}
