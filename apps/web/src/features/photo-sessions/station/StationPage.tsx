import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  classCounts,
  findByScan,
  type SessionStatus,
  type StudentState,
  searchByName,
} from '@school-portal/domain';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { getToken } from '../../../api/token';
import { ROUTES } from '../../../app/routes';
import { LoadingScreen } from '../../../components/LoadingScreen';
import type { Caller, CheckInStatus, RosterPerson } from '../api';
import { CameraPanel } from './CameraPanel';
import { ClockCardDialog, clockCardFiles } from './ClockCard';
import { cameraFiles } from './camera';
import { readStationSignIn, saveStationSignIn, takeLinkToken } from './link';
import { NowPanel, RetakeBar } from './NowPanel';
import { registerShellCache } from './offline';
import { LinkReprintCard, ReprintCard } from './ReprintCard';
import { useScanner } from './useScanner';
import { useStation } from './useStation';
import { useStationNow } from './useStationNow';
import { WalkUpDialog } from './WalkUpDialog';

/** Touch targets of a station: at least 44 px, a little more for the status buttons. */
const TARGET = 48;
const ANY_CLASS = '';

const fullName = (person: RosterPerson) => `${person.first_name} ${person.last_name}`.trim();
const classKeyOf = (person: RosterPerson) => `${person.grade}\u0000${person.teacher}`;
const classLabelOf = (person: Pick<RosterPerson, 'grade' | 'teacher'>) =>
  [person.grade, person.teacher].filter(Boolean).join(' · ') || '—';
const byName = (a: RosterPerson, b: RosterPerson) =>
  a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name);

/**
 * Who this device calls the API as: a station link's token (from the link just opened, or kept from
 * before), else the signed-in app session. Null: neither.
 */
function useStationCaller(sessionId: string, stationId: string): Caller | null {
  const [caller] = useState<Caller | null>(() => {
    const fromLink = takeLinkToken();
    if (fromLink) {
      saveStationSignIn(sessionId, { token: fromLink, station_id: stationId });
      return { token: fromLink };
    }
    const kept = readStationSignIn(sessionId);
    if (kept && kept.station_id === stationId) return { token: kept.token };
    return getToken() ? {} : null;
  });
  return caller;
}

/** The picture-day station: find a student three ways, set their status, see the class, offline too. */
export function StationPage() {
  const { sessionId = '', stationId = '' } = useParams();
  const caller = useStationCaller(sessionId, stationId);
  const { t } = useTranslation();
  const location = useLocation();
  if (!caller) {
    return (
      <Container maxWidth="sm" sx={{ py: 4 }}>
        <Typography variant="h1" gutterBottom>
          {t('station.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('station.needs-sign-in')}</Typography>
        <Button
          component={RouterLink}
          to={ROUTES['sign-in']}
          state={{ from: location.pathname }}
          variant="contained"
          sx={{ minHeight: TARGET }}
        >
          {t('station.sign-in')}
        </Button>
      </Container>
    );
  }
  return <Station sessionId={sessionId} stationId={stationId} caller={caller} />;
}

function Station({ sessionId, stationId, caller }: { sessionId: string; stationId: string; caller: Caller }) {
  const signedIn = caller.token === undefined;
  const { t } = useTranslation();
  // The Now panel's frames are read again on each of the session's events (the stream is the station's).
  const nowEvent = useRef<(event: string, data: string) => void>(() => undefined);
  const station = useStation(sessionId, stationId, caller, (event, data) => nowEvent.current(event, data));
  const tether = useStationNow(sessionId, stationId, caller, station.live, !station.ended);
  nowEvent.current = tether.onEvent;
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [classKey, setClassKey] = useState(ANY_CLASS);
  const [camera, setCamera] = useState(false);
  const [walkUpOpen, setWalkUpOpen] = useState(false);
  const [clockOpen, setClockOpen] = useState(false);
  const [retakeReason, setRetakeReason] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [walkUpClientId, setWalkUpClientId] = useState<string | null>(null);

  useEffect(() => {
    registerShellCache(() => [cameraFiles(), clockCardFiles()]);
  }, []);

  const { people, states } = station;
  // A walk-up made here is found again under its new key once the server has given it an id.
  const selected = useMemo(() => {
    if (walkUpClientId) {
      const stored = station.checkIns.find((c) => c.client_id === walkUpClientId);
      const walkUpId = stored?.outcome?.walk_up?.id;
      const key = walkUpId ? `w${walkUpId}` : `c${walkUpClientId}`;
      return people.find((person) => person.key === key) ?? null;
    }
    return people.find((person) => person.key === selectedKey) ?? null;
  }, [people, selectedKey, walkUpClientId, station.checkIns]);

  const select = useCallback(
    (person: RosterPerson) => {
      setWalkUpClientId(null);
      setSelectedKey(person.key);
      setRetakeReason(null);
      setAnnouncement(t('station.selected', { name: fullName(person) }));
    },
    [t],
  );

  const onScan = useCallback(
    (code: string) => {
      const person = findByScan(people, code);
      if (person) select(person);
      else setAnnouncement(t('station.scan-unknown', { code }));
    },
    [people, select, t],
  );
  useScanner(onScan, !walkUpOpen && !clockOpen);

  const classes = useMemo(() => {
    const byKey = new Map<string, string>();
    for (const person of people) byKey.set(classKeyOf(person), classLabelOf(person));
    return [...byKey].sort((a, b) => a[1].localeCompare(b[1], undefined, { numeric: true }));
  }, [people]);

  const found = useMemo(() => {
    if (!query.trim()) return [];
    const inClass = classKey === ANY_CLASS ? people : people.filter((p) => classKeyOf(p) === classKey);
    return searchByName(inClass, query, (p) => [p.first_name, p.last_name]).slice(0, 30);
  }, [people, query, classKey]);

  const shownClass = selected ? classKeyOf(selected) : classKey;
  const classmates = useMemo(
    () => (shownClass === ANY_CLASS ? [] : people.filter((p) => classKeyOf(p) === shownClass).sort(byName)),
    [people, shownClass],
  );
  const counts = classCounts(classmates.map((p) => states.get(p.key)));
  const left = classmates.filter((p) => {
    const status = states.get(p.key)?.status ?? 'waiting';
    return p.key !== selected?.key && (status === 'waiting' || status === 'retake');
  });

  const act = async (status: CheckInStatus, note?: string) => {
    if (!selected) return;
    await station.record({ person: selected }, status, note);
    setRetakeReason(null);
    setAnnouncement(t(`station.done.${status}`, { name: fullName(selected) }));
  };

  if (!station.loaded) return <LoadingScreen />;
  if (station.ended) {
    return (
      <Container maxWidth="sm" sx={{ py: 4 }}>
        <Typography variant="h1" gutterBottom>
          {t('station.title')}
        </Typography>
        <Alert severity="error">{t(`station.ended.${station.ended}`)}</Alert>
      </Container>
    );
  }

  const sessionName = station.roster?.session?.name;
  const stationName = station.roster?.station?.name;
  const selectedState = selected ? states.get(selected.key) : undefined;
  const selectedStatus: SessionStatus = selectedState?.status ?? 'waiting';
  const canAct = !!selected && (!!selected.subject_id || !!selected.card_code);

  return (
    <Container
      maxWidth="lg"
      sx={{ py: { xs: 1.5, sm: 3 }, fontSize: '1.125rem' }}
      data-testid="station"
      data-roster-size={people.length}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, flex: '1 1 auto' }}>
          {stationName ? t('station.named-title', { station: stationName }) : t('station.title')}
          {sessionName && (
            <Typography component="span" display="block" color="text.secondary" sx={{ fontSize: '1rem' }}>
              {sessionName}
            </Typography>
          )}
        </Typography>
        <SyncStatus waiting={station.waiting} refused={station.refused} online={station.online} />
        <Chip
          label={station.live ? t('station.live') : t('station.not-live')}
          color={station.live ? 'success' : 'default'}
          variant="outlined"
        />
      </Box>
      <Box aria-live="polite" role="status" data-testid="station-announcement" sx={visuallyHidden}>
        {announcement}
      </Box>
      <RetakeBar now={station.ended ? undefined : tether.now.data} />
      {station.people.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {station.online ? t('station.roster-empty') : t('station.roster-offline')}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Section title={t('station.find.title')} testId="station-find">
          <Typography color="text.secondary" sx={{ mb: 1.5 }}>
            {t('station.find.scan-hint')}
          </Typography>
          <Stack spacing={1.5}>
            {camera ? (
              <CameraPanel onCode={onScan} onClose={() => setCamera(false)} />
            ) : (
              <Button variant="outlined" onClick={() => setCamera(true)} sx={{ minHeight: TARGET }}>
                {t('station.camera.open')}
              </Button>
            )}
            <TextField
              label={t('station.find.search')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={(event) => {
                // A scanner typing into the focused search box: the code selects as it would anywhere.
                if (event.key !== 'Enter') return;
                const person = findByScan(people, query);
                const only = found.length === 1 ? found[0] : undefined;
                const chosen = person ?? only;
                if (chosen) {
                  event.preventDefault();
                  select(chosen);
                  setQuery('');
                }
              }}
              autoComplete="off"
              slotProps={{ htmlInput: { 'data-testid': 'station-search', style: { fontSize: '1.25rem' } } }}
            />
            <TextField
              select
              label={t('station.find.class')}
              value={classKey}
              onChange={(event) => setClassKey(event.target.value)}
              slotProps={{ select: { MenuProps: { slotProps: { list: { dense: false } } } } }}
            >
              <MenuItem value={ANY_CLASS} sx={{ minHeight: TARGET }}>
                {t('station.find.any-class')}
              </MenuItem>
              {classes.map(([key, label]) => (
                <MenuItem key={key} value={key} sx={{ minHeight: TARGET }}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
            {query.trim() !== '' && (
              <PersonList
                label={t('station.find.results')}
                people={found}
                states={states}
                onSelect={(person) => {
                  select(person);
                  setQuery('');
                }}
                empty={t('station.find.none')}
                testId="station-results"
              />
            )}
            <Button variant="outlined" onClick={() => setWalkUpOpen(true)} sx={{ minHeight: TARGET }}>
              {t('station.walk-up.open')}
            </Button>
            <Button variant="outlined" onClick={() => setClockOpen(true)} sx={{ minHeight: TARGET }}>
              {t('station.clock.open')}
            </Button>
          </Stack>
        </Section>

        <Section title={t('station.student.title')} testId="station-student">
          {selected ? (
            <Stack spacing={1.5}>
              <Typography sx={{ fontSize: '1.75rem', fontWeight: 500 }} data-testid="station-selected-name">
                {fullName(selected)}
              </Typography>
              <Typography color="text.secondary">
                {t('station.student.class', { class: classLabelOf(selected) })}
                {selected.student_id && ` · ${t('station.student.student-id', { id: selected.student_id })}`}
              </Typography>
              <Typography data-testid="station-card-code">
                {selected.card_code
                  ? t('station.student.card-code', { code: selected.card_code })
                  : t('station.student.card-code-pending')}
              </Typography>
              <Typography data-testid="station-selected-status" sx={{ fontWeight: 500 }}>
                <StatusText state={selectedState} stations={station.roster?.session?.stations} />
              </Typography>
              {signedIn && selected.subject_id && station.roster?.session?.project_id && (
                <ReprintCard
                  projectId={String(station.roster.session.project_id)}
                  subjectId={selected.subject_id}
                />
              )}
              {!signedIn && selected.subject_id && (
                <LinkReprintCard sessionId={sessionId} subjectId={selected.subject_id} caller={caller} />
              )}
              {!canAct && <Alert severity="info">{t('station.student.wait-for-sync')}</Alert>}
              <Box
                sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))' }}
              >
                <Button
                  variant="contained"
                  color="success"
                  disabled={!canAct}
                  onClick={() => void act('photographed')}
                  sx={{ minHeight: 56, fontSize: '1.1rem' }}
                >
                  {t('station.action.photographed')}
                </Button>
                <Button
                  variant="contained"
                  color="secondary"
                  disabled={!canAct}
                  onClick={() => void act('absent')}
                  sx={{ minHeight: 56, fontSize: '1.1rem' }}
                >
                  {t('station.action.absent')}
                </Button>
                <Button
                  variant="outlined"
                  disabled={!canAct}
                  onClick={() => setRetakeReason('')}
                  sx={{ minHeight: 56, fontSize: '1.1rem' }}
                >
                  {t('station.action.retake')}
                </Button>
                <Button
                  variant="outlined"
                  color="inherit"
                  disabled={!canAct || selectedStatus === 'waiting'}
                  onClick={() => void act('undo')}
                  sx={{ minHeight: 56, fontSize: '1.1rem' }}
                >
                  {t('station.action.undo')}
                </Button>
              </Box>
              {retakeReason !== null && (
                <Box
                  component="form"
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (retakeReason.trim()) void act('retake', retakeReason.trim());
                  }}
                  sx={{ display: 'grid', gap: 1 }}
                >
                  <TextField
                    label={t('station.retake.reason')}
                    value={retakeReason}
                    onChange={(event) => setRetakeReason(event.target.value)}
                    required
                    autoFocus
                  />
                  <Stack direction="row" spacing={1}>
                    <Button type="submit" variant="contained" sx={{ minHeight: TARGET }}>
                      {t('station.retake.save')}
                    </Button>
                    <Button onClick={() => setRetakeReason(null)} sx={{ minHeight: TARGET }}>
                      {t('station.cancel')}
                    </Button>
                  </Stack>
                </Box>
              )}
            </Stack>
          ) : (
            <Typography color="text.secondary">{t('station.student.none')}</Typography>
          )}
        </Section>

        <NowPanel
          now={station.ended ? undefined : tether.now.data}
          failed={tether.now.isError}
          online={station.online}
          onPick={(photoId) => tether.pick.mutate(photoId)}
          pickFailed={tether.pick.isError}
        />

        <Section title={t('station.class.title')} testId="station-class">
          {shownClass === ANY_CLASS ? (
            <Typography color="text.secondary">{t('station.class.none')}</Typography>
          ) : (
            <Stack spacing={1.5}>
              <Typography sx={{ fontWeight: 500 }}>
                {classes.find(([key]) => key === shownClass)?.[1]}
              </Typography>
              <Box
                component="dl"
                sx={{ display: 'flex', gap: 3, m: 0, flexWrap: 'wrap' }}
                data-testid="station-counts"
              >
                <Count label={t('station.class.photographed')} value={counts.photographed} />
                <Count label={t('station.class.remaining')} value={counts.remaining} />
                <Count label={t('station.class.absent')} value={counts.absent} />
              </Box>
              <PersonList
                label={t('station.class.next')}
                people={left}
                states={states}
                onSelect={select}
                empty={t('station.class.all-done')}
                testId="station-next"
              />
            </Stack>
          )}
        </Section>
      </Box>
      <ClockCardDialog
        stationId={stationId}
        open={clockOpen}
        onClose={() => setClockOpen(false)}
        onShown={station.reportClock}
      />
      <WalkUpDialog
        open={walkUpOpen}
        onClose={() => setWalkUpOpen(false)}
        onSave={async (fields) => {
          const stored = await station.record({ walkUp: fields }, 'photographed');
          setWalkUpOpen(false);
          if (stored) {
            setSelectedKey(null);
            setWalkUpClientId(stored.client_id);
            setAnnouncement(t('station.walk-up.added', { name: `${fields.first_name} ${fields.last_name}` }));
          }
        }}
      />
    </Container>
  );
}

/** Read by screen readers, not shown (sizes as text: MUI reads 1 as 100%). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const id = `${testId}-title`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} data-testid={testId} sx={{ p: 2 }}>
      <Typography variant="h2" id={id} sx={{ fontSize: '1.35rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Box>
      <Typography component="dt" color="text.secondary" sx={{ fontSize: '0.95rem' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: '1.75rem', fontWeight: 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

function SyncStatus({ waiting, refused, online }: { waiting: number; refused: number; online: boolean }) {
  const { t } = useTranslation();
  const text = waiting > 0 ? t('station.sync.waiting', { count: waiting }) : t('station.sync.done');
  return (
    <Stack direction="row" spacing={1} alignItems="center" data-testid="station-sync">
      {!online && <Chip label={t('station.sync.offline')} color="warning" />}
      {/* Filled while check-ins wait: orange text on white (an outlined chip) is too faint to read. It
          changes at once: fading from orange to none, green text on orange would be as faint. */}
      <Chip
        label={text}
        color={waiting > 0 ? 'warning' : 'success'}
        variant={waiting > 0 ? 'filled' : 'outlined'}
        sx={{ transition: 'none' }}
      />
      {refused > 0 && <Chip label={t('station.sync.refused', { count: refused })} color="error" />}
    </Stack>
  );
}

function StatusText({
  state,
  stations,
}: {
  state: StudentState | undefined;
  stations: { id: string; name: string }[] | undefined;
}) {
  const { t } = useTranslation();
  if (!state || state.status === 'waiting' || !state.last) return <>{t('station.status.waiting')}</>;
  const time = new Date(state.last.at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  const station = stations?.find((s) => String(s.id) === String(state.last?.station_id))?.name;
  return (
    <>
      {t(`station.status.${state.status}`)} · {time}
      {station ? ` · ${station}` : ''}
      {state.last.note ? ` · ${state.last.note}` : ''}
    </>
  );
}

function PersonList({
  label,
  people,
  states,
  onSelect,
  empty,
  testId,
}: {
  label: string;
  people: RosterPerson[];
  states: Map<string, StudentState>;
  onSelect: (person: RosterPerson) => void;
  empty: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {label}
      </Typography>
      {people.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}
          data-testid={testId}
        >
          {people.map((person) => (
            <li key={person.key}>
              <Button
                fullWidth
                variant="outlined"
                color="inherit"
                onClick={() => onSelect(person)}
                sx={{
                  minHeight: TARGET,
                  justifyContent: 'space-between',
                  textTransform: 'none',
                  fontSize: '1.1rem',
                }}
              >
                <span>{fullName(person)}</span>
                <Typography component="span" color="text.secondary" sx={{ fontSize: '0.95rem', ml: 1 }}>
                  {classLabelOf(person)} ·{' '}
                  {t(`station.status.${states.get(person.key)?.status ?? 'waiting'}`)}
                </Typography>
              </Button>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
