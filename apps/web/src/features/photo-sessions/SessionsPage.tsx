import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { useCan } from '../../app/can';
import { routePath, useProjectId } from '../../app/routes';
import { formatCalendarDate } from '../../components/format';
import { MessagePage, Page } from '../../components/Page';
import { QueryListTable } from '../../components/table/ListTable';
import { type PhotoSession, useCreatePhotoSession, usePhotoSessions } from './api';

const today = () => new Date().toLocaleDateString('en-CA');

/** A project's picture-day sessions ("Fall picture day", "Retake day"), and a new one. */
export function SessionsPage() {
  const { t } = useTranslation();
  const projectId = useProjectId();
  const can = useCan();
  const sessions = usePhotoSessions(projectId, can('photo-session.list'));
  const [creating, setCreating] = useState(false);
  if (can.ready && !can('photo-session.list')) {
    return <MessagePage title={t('photo-sessions.title')} message={t('photo-sessions.not-allowed')} />;
  }
  return (
    <Page
      title={t('photo-sessions.title')}
      actions={
        can('photo-session.create') &&
        !creating && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('photo-sessions.new')}
          </Button>
        )
      }
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('photo-sessions.intro')}
      </Typography>
      {creating && <NewSessionForm projectId={projectId} onCancel={() => setCreating(false)} />}
      <QueryListTable
        query={sessions}
        errorMessage={t('photo-sessions.load-failed')}
        emptyMessage={t('photo-sessions.empty')}
        rowsOf={(list) => list}
        label={t('photo-sessions.list-label')}
        columns={[
          t('photo-sessions.name'),
          t('photo-sessions.date'),
          { label: t('photo-sessions.photographed'), align: 'right' },
          { label: t('photo-sessions.remaining'), align: 'right' },
        ]}
      >
        {(session) => <SessionRow key={session.id} projectId={projectId} session={session} />}
      </QueryListTable>
    </Page>
  );
}

function SessionRow({ projectId, session }: { projectId: string; session: PhotoSession }) {
  return (
    <TableRow data-testid="photo-session-row">
      <TableCell>
        <Link
          component={RouterLink}
          to={routePath('project.photo-session', { projectId, sessionId: String(session.id) })}
        >
          {session.name}
        </Link>
      </TableCell>
      <TableCell>{formatCalendarDate(session.date)}</TableCell>
      <TableCell align="right">{session.counts?.photographed ?? '—'}</TableCell>
      <TableCell align="right">{session.counts?.remaining ?? '—'}</TableCell>
    </TableRow>
  );
}

function NewSessionForm({ projectId, onCancel }: { projectId: string; onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePhotoSession(projectId);
  const [name, setName] = useState('');
  const [date, setDate] = useState(today);
  const [tried, setTried] = useState(false);
  const errors = isApiError(create.error) ? create.error.fieldErrors : undefined;
  const nameError = tried && !name.trim() ? t('photo-sessions.name-required') : errors?.name?.[0];
  return (
    <Paper
      component="form"
      variant="outlined"
      aria-label={t('photo-sessions.new')}
      sx={{ p: 2, mb: 2 }}
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!name.trim() || !date) return;
        create.mutate(
          { name: name.trim(), date },
          {
            onSuccess: (session) =>
              navigate(routePath('project.photo-session', { projectId, sessionId: String(session.id) })),
          },
        );
      }}
    >
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        <TextField
          label={t('photo-sessions.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          error={!!nameError}
          helperText={nameError}
        />
        <TextField
          label={t('photo-sessions.date')}
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          required
          error={!!errors?.date}
          helperText={errors?.date?.[0]}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {create.isError && !errors && (
          <Typography role="alert" color="error">
            {t('photo-sessions.create-failed')}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('photo-sessions.create')}
          </Button>
          <Button onClick={onCancel}>{t('station.cancel')}</Button>
        </Box>
      </Stack>
    </Paper>
  );
}
