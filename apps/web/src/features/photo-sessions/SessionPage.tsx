import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { useCan } from '../../app/can';
import { routePath } from '../../app/routes';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { formatCalendarDate, formatDateTime } from '../../components/format';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import {
  downloadDayList,
  type RosterPerson,
  type StationLink,
  sessionKeys,
  useCreateStation,
  usePhotoSession,
  useRevokeStationLink,
  useSessionRoster,
} from './api';
import { useSessionEvents } from './events';
import { LiveApplySetting } from './LiveApplySetting';

/** One session: its counts, its stations, a new station and the link to hand a hired photographer. */
export function SessionPage() {
  const { t } = useTranslation();
  const { sessionId = '' } = useParams();
  const can = useCan();
  const session = usePhotoSession(sessionId);
  const createStation = useCreateStation(sessionId);
  const revoke = useRevokeStationLink(sessionId);
  const [name, setName] = useState('');
  const [link, setLink] = useState<{ station: string; link: StationLink } | null>(null);
  const roster = useSessionRoster(sessionId, can('photo-session.roster'));
  // Check-ins from every station move the counts and lists: read them again as they come (a station's
  // frames, told to the studio too, change neither).
  useSessionEvents(sessionId, {}, (event) => {
    if (event === 'station.frame') return;
    void queryClient.invalidateQueries({ queryKey: sessionKeys.session(sessionId) });
  });

  if (session.isPending) return <LoadingScreen />;
  if (session.isError) {
    return (
      <Page title={t('photo-sessions.session-title')}>
        <ErrorState
          message={t('photo-sessions.session-load-failed')}
          onRetry={() => void session.refetch()}
        />
      </Page>
    );
  }
  const data = session.data;
  const stations = data.stations ?? [];
  const counts = data.counts;
  return (
    <Page title={data.name}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {formatCalendarDate(data.date)}
      </Typography>
      {counts && (
        <Box
          component="dl"
          sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 3 }}
          data-testid="session-counts"
        >
          {(['photographed', 'absent', 'retake', 'walk_ups', 'remaining'] as const).map((key) => (
            <Box key={key}>
              <Typography component="dt" color="text.secondary">
                {t(`photo-sessions.counts.${key}`)}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontSize: '1.5rem' }}>
                {counts[key]}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {roster.data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 3 }}>
          <StatusList
            title={t('photo-sessions.absent-list')}
            people={roster.data.people.filter((p) => p.current?.status === 'absent')}
            testId="session-absent"
            onDownload={() =>
              downloadDayList(sessionId, 'absent', `${t('photo-sessions.absent-list')} - ${data.name}.csv`)
            }
          />
          <StatusList
            title={t('photo-sessions.retake-list')}
            people={roster.data.people.filter((p) => p.current?.status === 'retake')}
            testId="session-retake"
            onDownload={() =>
              downloadDayList(sessionId, 'retakes', `${t('photo-sessions.retake-list')} - ${data.name}.csv`)
            }
          >
            <Button
              component={RouterLink}
              to={`${routePath('project.subjects', { projectId: data.project_id })}?images=retake`}
              size="small"
            >
              {t('photo-sessions.retake-cards')}
            </Button>
          </StatusList>
        </Box>
      )}
      <LiveApplySetting
        sessionId={sessionId}
        liveApply={data.live_apply ?? false}
        canChange={can('photo-session.update')}
      />
      <Typography variant="h2" sx={{ mb: 1 }}>
        {t('photo-sessions.stations')}
      </Typography>
      {can('station.create') && (
        <Paper
          component="form"
          variant="outlined"
          aria-label={t('photo-sessions.new-station')}
          sx={{ p: 2, mb: 2 }}
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) return;
            createStation.mutate(
              { name: name.trim() },
              {
                onSuccess: (answer) => {
                  setLink({ station: answer.station.name, link: answer.station_link });
                  setName('');
                },
              },
            );
          }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
            <TextField
              label={t('photo-sessions.station-name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              size="small"
            />
            <Button
              type="submit"
              variant="contained"
              disabled={createStation.isPending}
              sx={{ minHeight: 40 }}
            >
              {t('photo-sessions.create-station')}
            </Button>
          </Stack>
          {createStation.isError && (
            <Typography role="alert" color="error" sx={{ mt: 1 }}>
              {isApiError(createStation.error, 422) && createStation.error.fieldErrors?.base
                ? t('photo-sessions.day-over')
                : t('photo-sessions.create-station-failed')}
            </Typography>
          )}
        </Paper>
      )}
      {link && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setLink(null)} data-testid="station-link">
          <Typography sx={{ mb: 1 }}>
            {t('photo-sessions.link-intro', {
              station: link.station,
              until: formatDateTime(link.link.expires_at),
            })}
          </Typography>
          <TextField
            label={t('photo-sessions.link-label')}
            value={link.link.url}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'station-link-url' } }}
            onFocus={(event) => event.target.select()}
          />
          <Button
            sx={{ mt: 1 }}
            onClick={() => void navigator.clipboard?.writeText(link.link.url).catch(() => undefined)}
          >
            {t('photo-sessions.copy-link')}
          </Button>
        </Alert>
      )}
      {stations.length === 0 ? (
        <EmptyState message={t('photo-sessions.no-stations')} />
      ) : (
        <Table aria-label={t('photo-sessions.stations')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('photo-sessions.station-name')}</TableCell>
              <TableCell>{t('photo-sessions.link')}</TableCell>
              <TableCell>
                <span
                  style={{
                    position: 'absolute',
                    width: 1,
                    height: 1,
                    overflow: 'hidden',
                    clip: 'rect(0 0 0 0)',
                  }}
                >
                  {t('photo-sessions.actions')}
                </span>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {stations.map((station) => {
              const active =
                station.link_active ??
                (!station.link_revoked_at &&
                  !!station.link_expires_at &&
                  Date.parse(station.link_expires_at) > Date.now());
              return (
                <TableRow key={station.id} data-testid="station-row">
                  <TableCell>{station.name}</TableCell>
                  <TableCell>
                    {active
                      ? t('photo-sessions.link-active', { until: formatDateTime(station.link_expires_at) })
                      : t('photo-sessions.link-inactive')}
                  </TableCell>
                  <TableCell align="right">
                    <Stack direction="row" spacing={1} justifyContent="flex-end">
                      {can('photo-session.roster') && (
                        <Button
                          component={RouterLink}
                          to={routePath('station', { sessionId, stationId: String(station.id) })}
                          variant="outlined"
                        >
                          {t('photo-sessions.open-station', { station: station.name })}
                        </Button>
                      )}
                      {active && can('station.revoke-link') && (
                        <Button
                          color="error"
                          onClick={() => revoke.mutate(String(station.id))}
                          disabled={revoke.isPending}
                        >
                          {t('photo-sessions.revoke', { station: station.name })}
                        </Button>
                      )}
                    </Stack>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Page>
  );
}

/** Who is absent, or waits for a retake (with its reason): what the retake day's camera cards are for. */
function StatusList({
  title,
  people,
  testId,
  onDownload,
  children,
}: {
  title: string;
  people: RosterPerson[];
  testId: string;
  /** Saves the list as CSV (the server's, with every class field the caller may read). */
  onDownload: () => Promise<void>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="h2" sx={{ mb: 1, fontSize: '1.25rem' }}>
        {title} ({people.length})
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
        <Button
          size="small"
          onClick={() => {
            setFailed(false);
            onDownload().catch(() => setFailed(true));
          }}
        >
          {t('photo-sessions.download-csv')}
        </Button>
        {children}
      </Stack>
      {failed && <Alert severity="error">{t('photo-sessions.download-failed')}</Alert>}
      {people.length === 0 ? (
        <Typography color="text.secondary">{t('photo-sessions.nobody')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {people.map((person) => (
            <li key={person.key}>
              {`${person.first_name} ${person.last_name}`.trim()}
              {(person.grade || person.teacher) &&
                ` · ${[person.grade, person.teacher].filter(Boolean).join(' · ')}`}
              {person.current?.note && ` · ${person.current.note}`}
            </li>
          ))}
        </Box>
      )}
    </Paper>
  );
}
