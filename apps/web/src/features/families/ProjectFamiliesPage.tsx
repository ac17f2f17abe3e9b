import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveLink } from '../../api/client';
import { useCan } from '../../app/can';
import { routePath, useProjectId } from '../../app/routes';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { ErrorState } from '../../components/ErrorState';
import { formatDateTime } from '../../components/format';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useNotify } from '../../components/Notifications';
import { Page } from '../../components/Page';
import { LinkButton } from '../../components/RouterLink';
import { Section } from '../../components/Section';
import {
  type FamilyCode,
  type GuardianLink,
  type OptOutRequest,
  useDecideOptOutRequest,
  useFamilyCodes,
  useFamilySettings,
  useGuardians,
  useIssueCodes,
  useOptOutRequests,
  useRemoveGuardian,
  useSetOptOutsApplyAtOnce,
  useSetPoseDeadline,
  useSubjectNames,
} from './api';

/** A child's name from the project's subjects (a removed one reads as its id). */
function useNameOf(projectId: string) {
  const { t } = useTranslation();
  const names = useSubjectNames(projectId);
  return useCallback(
    (subjectId: string) => names.data?.get(subjectId) || t('families.staff.unnamed', { id: subjectId }),
    [names.data, t],
  );
}

/**
 * The project's families, for the school's staff and the studio: who claimed which child (a guardian can
 * be removed), the guardians' opt-out requests to approve or decline, and the settings; for the studio,
 * the pose deadline and the access codes (issued again for a selection, printed on the family notice).
 */
export function ProjectFamiliesPage() {
  const { t } = useTranslation();
  const projectId = useProjectId();
  const can = useCan();
  return (
    <Page title={t('families.staff.title')}>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
        {t('families.staff.intro')}
      </Typography>
      <Stack spacing={5}>
        <SettingsSection projectId={projectId} />
        {can('opt-out-request.list') && <OptOutQueue projectId={projectId} />}
        {can('guardian.list') && <GuardiansSection projectId={projectId} />}
        {can('family-code.list') && <CodesSection projectId={projectId} />}
      </Stack>
    </Page>
  );
}

/** The pose deadline (set by the studio) and whether requests apply at once (set by the school). */
function SettingsSection({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const settings = useFamilySettings(projectId);
  const atOnce = useSetOptOutsApplyAtOnce(projectId);
  const notify = useNotify();
  return (
    <Section id="family-settings-heading" title={t('families.staff.settings')}>
      {settings.isPending ? (
        <LoadingScreen />
      ) : settings.isError ? (
        <ErrorState message={t('families.staff.load-failed')} onRetry={() => void settings.refetch()} />
      ) : (
        <Stack spacing={2}>
          <Typography data-testid="family-pose-deadline">
            {settings.data.family_pose_deadline
              ? t('families.staff.pose-deadline-is', {
                  deadline: formatDateTime(settings.data.family_pose_deadline),
                })
              : t('families.staff.pose-off')}
          </Typography>
          {can('project.update') && (
            <PoseDeadlineForm projectId={projectId} current={settings.data.family_pose_deadline} />
          )}
          <FormControlLabel
            control={
              <Checkbox
                checked={settings.data.family_opt_outs_apply_at_once}
                disabled={!can('family-settings.update') || atOnce.isPending}
                onChange={(event) =>
                  atOnce.mutate(event.target.checked, {
                    onSuccess: () => notify({ message: t('families.staff.saved') }),
                    onError: () => notify({ message: t('families.staff.save-failed'), severity: 'error' }),
                  })
                }
              />
            }
            label={t('families.staff.apply-at-once')}
          />
        </Stack>
      )}
    </Section>
  );
}

/** An ISO time as a `datetime-local` value in the browser's time zone ("2026-11-30T17:00"). */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The studio's family pose deadline: guardians choose the yearbook pose until then; clearing it turns choice off. */
function PoseDeadlineForm({ projectId, current }: { projectId: string; current: string | null }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useSetPoseDeadline(projectId);
  const [value, setValue] = useState(() => toLocalInput(current));
  const [error, setError] = useState<string | null>(null);
  const submit = (deadline: string | null) =>
    save.mutate(deadline, {
      onSuccess: () => {
        setError(null);
        notify({ message: deadline ? t('families.staff.pose-saved') : t('families.staff.pose-turned-off') });
      },
      onError: () => setError(t('families.staff.save-failed')),
    });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const date = new Date(value);
    if (!value || Number.isNaN(date.getTime())) {
      setError(t('families.staff.pose-deadline-required'));
      return;
    }
    submit(date.toISOString());
  };
  return (
    <Box
      component="form"
      aria-label={t('families.staff.pose-form')}
      noValidate
      onSubmit={onSubmit}
      sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        type="datetime-local"
        label={t('families.staff.pose-deadline')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error !== null}
        helperText={error ?? t('families.staff.pose-deadline-help')}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ minWidth: 260 }}
      />
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: 1 }}>
        {t('families.staff.pose-save')}
      </Button>
      {current && (
        <Button
          variant="outlined"
          disabled={save.isPending}
          onClick={() => {
            setValue('');
            submit(null);
          }}
          sx={{ mt: 1 }}
        >
          {t('families.staff.pose-turn-off')}
        </Button>
      )}
    </Box>
  );
}

type QueueFilter = 'pending' | 'all';

/** What a request asks for, in words. */
function useAskedFor() {
  const { t } = useTranslation();
  return (request: Pick<OptOutRequest, 'directory_opt_out' | 'yearbook_opt_out'>) =>
    [
      request.directory_opt_out ? t('families.staff.ask-directory') : null,
      request.yearbook_opt_out ? t('families.staff.ask-yearbook') : null,
    ]
      .filter(Boolean)
      .join(', ');
}

/** The guardians' opt-out requests: pending first, approved or declined by the school's staff. */
function OptOutQueue({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const notify = useNotify();
  const requests = useOptOutRequests(projectId);
  const decide = useDecideOptOutRequest(projectId);
  const nameOf = useNameOf(projectId);
  const askedFor = useAskedFor();
  const [filter, setFilter] = useState<QueueFilter>('pending');
  const mayDecide = can('opt-out-request.decide');
  const shown = (requests.data ?? []).filter((r) => filter === 'all' || r.state === 'pending');
  const pendingCount = (requests.data ?? []).filter((r) => r.state === 'pending').length;

  const onDecide = (request: OptOutRequest, state: 'approved' | 'declined') =>
    decide.mutate(
      { id: request.id, state },
      {
        onSuccess: () =>
          notify({
            message: t(state === 'approved' ? 'families.staff.approved' : 'families.staff.declined', {
              name: nameOf(request.subject_id),
            }),
          }),
        onError: () => notify({ message: t('families.staff.decide-failed'), severity: 'error' }),
      },
    );

  return (
    <Section id="family-opt-outs-heading" title={t('families.staff.opt-outs')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filter}
          onChange={(_event, next: QueueFilter | null) => next && setFilter(next)}
          aria-label={t('families.staff.opt-outs-filter')}
          // The theme's grey for the unpressed button is too faint on white (contrast).
          sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
        >
          <ToggleButton value="pending">{t('families.staff.pending', { count: pendingCount })}</ToggleButton>
          <ToggleButton value="all">{t('families.staff.all')}</ToggleButton>
        </ToggleButtonGroup>
        {!mayDecide && (
          <Typography variant="body2" color="text.secondary">
            {t('families.staff.decided-by-school')}
          </Typography>
        )}
      </Box>
      <ListStates
        query={requests}
        empty={shown.length === 0}
        emptyText={filter === 'pending' ? t('families.staff.no-pending') : t('families.staff.no-requests')}
        emptyTestId="opt-outs-empty"
      >
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('families.staff.opt-outs')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('families.staff.child')}</TableCell>
                <TableCell>{t('families.staff.asks')}</TableCell>
                <TableCell>{t('families.staff.guardian')}</TableCell>
                <TableCell>{t('families.staff.asked-at')}</TableCell>
                <TableCell>{t('families.staff.state')}</TableCell>
                <ActionsHeader />
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((request) => {
                const name = nameOf(request.subject_id);
                return (
                  <TableRow key={request.id} data-testid="opt-out-request">
                    <TableCell component="th" scope="row">
                      {name}
                    </TableCell>
                    <TableCell>{askedFor(request)}</TableCell>
                    <TableCell>{request.guardian_email ?? t('families.staff.guardian-removed')}</TableCell>
                    <TableCell>{formatDateTime(request.created_at)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={
                          request.state === 'approved'
                            ? 'success'
                            : request.state === 'declined'
                              ? 'default'
                              : 'warning'
                        }
                        label={t(`families.staff.state-${request.state}`)}
                        title={
                          request.decided_by
                            ? t('families.staff.decided-by', {
                                name: request.decided_by.name,
                                at: formatDateTime(request.decided_at),
                              })
                            : undefined
                        }
                      />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {mayDecide && request.state === 'pending' && (
                        <>
                          <Button
                            size="small"
                            variant="contained"
                            disabled={decide.isPending}
                            onClick={() => onDecide(request, 'approved')}
                            aria-label={t('families.staff.approve-for', { name })}
                          >
                            {t('families.staff.approve')}
                          </Button>{' '}
                          <Button
                            size="small"
                            disabled={decide.isPending}
                            onClick={() => onDecide(request, 'declined')}
                            aria-label={t('families.staff.decline-for', { name })}
                          >
                            {t('families.staff.decline')}
                          </Button>
                        </>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </ListStates>
    </Section>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The header of a row's buttons: read by screen readers, not shown. */
function ActionsHeader() {
  const { t } = useTranslation();
  return (
    <TableCell>
      <Box component="span" sx={visuallyHidden}>
        {t('families.staff.actions')}
      </Box>
    </TableCell>
  );
}

/** A staff list as it loads, fails (with a retry), is empty (in its own words), or is there. */
function ListStates({
  query,
  empty,
  emptyText,
  emptyTestId,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  empty: boolean;
  emptyText: string;
  emptyTestId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingScreen />;
  if (query.isError)
    return <ErrorState message={t('families.staff.load-failed')} onRetry={() => void query.refetch()} />;
  if (empty)
    return (
      <Paper variant="outlined" sx={{ p: 3 }} data-testid={emptyTestId}>
        <Typography color="text.secondary">{emptyText}</Typography>
      </Paper>
    );
  return children;
}

/** Who claimed which child, and when; a guardian can be removed (it no longer sees the child). */
function GuardiansSection({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const notify = useNotify();
  const guardians = useGuardians(projectId);
  const remove = useRemoveGuardian(projectId);
  const nameOf = useNameOf(projectId);
  const [removing, setRemoving] = useState<GuardianLink | null>(null);
  const mayRemove = can('guardian-link.delete');
  const rows = useMemo(
    () =>
      [...(guardians.data ?? [])].sort(
        (a, b) => nameOf(a.subject_id).localeCompare(nameOf(b.subject_id)) || a.email.localeCompare(b.email),
      ),
    [guardians.data, nameOf],
  );

  return (
    <Section id="family-guardians-heading" title={t('families.staff.guardians')}>
      <ListStates
        query={guardians}
        empty={rows.length === 0}
        emptyText={t('families.staff.no-guardians')}
        emptyTestId="guardians-empty"
      >
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('families.staff.guardians')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('families.staff.child')}</TableCell>
                <TableCell>{t('families.staff.guardian')}</TableCell>
                <TableCell>{t('families.staff.claimed-at')}</TableCell>
                <TableCell>{t('families.staff.last-sign-in')}</TableCell>
                {mayRemove && <ActionsHeader />}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((link) => (
                <TableRow key={link.id} data-testid="guardian-link">
                  <TableCell component="th" scope="row">
                    {nameOf(link.subject_id)}
                  </TableCell>
                  <TableCell>{link.email}</TableCell>
                  <TableCell>{formatDateTime(link.claimed_at)}</TableCell>
                  <TableCell>
                    {link.last_signed_in_at
                      ? formatDateTime(link.last_signed_in_at)
                      : t('families.staff.never')}
                  </TableCell>
                  {mayRemove && (
                    <TableCell align="right">
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setRemoving(link)}
                        aria-label={t('families.staff.remove-for', {
                          email: link.email,
                          name: nameOf(link.subject_id),
                        })}
                      >
                        {t('families.staff.remove')}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListStates>
      <ConfirmDeleteDialog
        open={removing !== null}
        title={t('families.staff.remove-title')}
        text={
          removing
            ? t('families.staff.remove-text', { email: removing.email, name: nameOf(removing.subject_id) })
            : ''
        }
        cancelLabel={t('families.cancel')}
        confirmLabel={t('families.staff.remove')}
        pending={remove.isPending}
        error={remove.isError ? t('families.staff.remove-failed') : null}
        onClose={() => {
          remove.reset();
          setRemoving(null);
        }}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              notify({ message: t('families.staff.removed', { email: removing.email }) });
              setRemoving(null);
            },
          })
        }
      />
    </Section>
  );
}

/** A CSV cell: quoted when it holds a quote, a comma or a line break; a leading formula sign defused. */
const csvCell = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The codes as a CSV file (name, code), for a mail merge of the notices. */
function downloadCodes(rows: FamilyCode[], nameOf: (subjectId: string) => string, header: [string, string]) {
  const lines = [header, ...rows.map((row) => [nameOf(row.subject_id), row.code] as const)].map((cells) =>
    cells.map(csvCell).join(','),
  );
  const url = URL.createObjectURL(new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }));
  saveLink(url, 'family-codes.csv');
  URL.revokeObjectURL(url);
}

/**
 * The studio's access codes: one per child, printed on the family notice; new ones for a selection (the
 * old codes stop working, claims already made stay).
 */
function CodesSection({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const notify = useNotify();
  const codes = useFamilyCodes(projectId);
  const issue = useIssueCodes(projectId);
  const nameOf = useNameOf(projectId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const rows = useMemo(
    () => [...(codes.data ?? [])].sort((a, b) => nameOf(a.subject_id).localeCompare(nameOf(b.subject_id))),
    [codes.data, nameOf],
  );
  const mayIssue = can('family-code.issue');
  const toggle = (subjectId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(subjectId)) next.delete(subjectId);
      else next.add(subjectId);
      return next;
    });
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.subject_id));

  return (
    <Section id="family-codes-heading" title={t('families.staff.codes')}>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {t('families.staff.codes-intro')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <LinkButton to={routePath('project.layouts', { projectId })}>
          {t('families.staff.print-notices')}
        </LinkButton>
        <Button
          variant="outlined"
          disabled={rows.length === 0}
          onClick={() =>
            downloadCodes(
              rows.filter((row) => selected.size === 0 || selected.has(row.subject_id)),
              nameOf,
              [t('families.staff.child'), t('families.staff.code')],
            )
          }
        >
          {selected.size === 0
            ? t('families.staff.download-codes')
            : t('families.staff.download-selected-codes', { count: selected.size })}
        </Button>
        {mayIssue && (
          <Button
            variant="contained"
            disabled={selected.size === 0 || issue.isPending}
            onClick={() => setConfirming(true)}
          >
            {t('families.staff.issue', { count: selected.size })}
          </Button>
        )}
      </Box>
      {issue.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {t('families.staff.issue-failed')}
        </Alert>
      )}
      <ListStates query={codes} empty={rows.length === 0} emptyText={t('families.staff.no-codes')}>
        <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 560 }}>
          <Table size="small" stickyHeader aria-label={t('families.staff.codes')}>
            <TableHead>
              <TableRow>
                {mayIssue && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allSelected}
                      indeterminate={selected.size > 0 && !allSelected}
                      onChange={() =>
                        setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.subject_id)))
                      }
                      slotProps={{ input: { 'aria-label': t('families.staff.select-all') } }}
                    />
                  </TableCell>
                )}
                <TableCell>{t('families.staff.child')}</TableCell>
                <TableCell>{t('families.staff.code')}</TableCell>
                <TableCell>{t('families.staff.issued-at')}</TableCell>
                <TableCell align="right">{t('families.staff.guardians-count')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const name = nameOf(row.subject_id);
                return (
                  <TableRow key={row.subject_id} data-testid="family-code">
                    {mayIssue && (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={selected.has(row.subject_id)}
                          onChange={() => toggle(row.subject_id)}
                          slotProps={{ input: { 'aria-label': t('families.staff.select', { name }) } }}
                        />
                      </TableCell>
                    )}
                    <TableCell component="th" scope="row">
                      {name}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }} data-testid="family-code-value">
                      {row.code}
                    </TableCell>
                    <TableCell>{formatDateTime(row.created_at)}</TableCell>
                    <TableCell align="right">{row.guardians_count}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </ListStates>
      <ConfirmDeleteDialog
        open={confirming}
        title={t('families.staff.issue-title')}
        text={t('families.staff.issue-text', { count: selected.size })}
        cancelLabel={t('families.cancel')}
        confirmLabel={t('families.staff.issue-confirm')}
        pending={issue.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          issue.mutate([...selected], {
            onSuccess: (issued) => {
              notify({ message: t('families.staff.issued', { count: issued }) });
              setSelected(new Set());
              setConfirming(false);
            },
            onError: () => setConfirming(false),
          })
        }
      />
    </Section>
  );
}
