import DownloadIcon from '@mui/icons-material/Download';
import FilterListIcon from '@mui/icons-material/FilterList';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUDIT_ACTIONS, isCustomer } from '@school-portal/domain';
import type { ParseKeys } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import {
  type AuditEvent,
  type AuditEventFilters,
  downloadAuditEventsCsv,
  useAuditActors,
  useAuditEvents,
} from '../../api/auditEvents';
import { useOrganizationProjects } from '../../api/projects';
import { useCan, useOwnOrganization } from '../../app/can';
import { RequireAbility } from '../../app/RequireAbility';
import { ROUTES } from '../../app/routes';
import { compareText, formatDateTime } from '../../components/format';
import { FilterSelect, FiltersBar } from '../../components/ListFilters';
import { LoadingScreen } from '../../components/LoadingScreen';
import { PagedListPage } from '../../components/PagedListPage';
import { useListParams } from '../organizations/listState';

const FILTERS = ['actor_id', 'action', 'project_id', 'since', 'until'] as const;

function useLabels() {
  const { t, i18n } = useTranslation();
  return {
    // Actions added later than this page read as their names until they get a label. The keys are
    // checked with i18n.exists; `as never` spares TypeScript comparing them with every key of the app
    // (past about 2,000 keys it gives up: TS2859).
    action: (action: string): string => {
      const key = `activity.actions.${action}` as ParseKeys;
      return i18n.exists(key) ? String(t(key as never)) : action;
    },
    recordType: (type: string): string => {
      const key = `activity.record-types.${type}` as ParseKeys;
      return i18n.exists(key) ? String(t(key as never)) : type;
    },
  };
}

function EventRow({ event, onPerson }: { event: AuditEvent; onPerson: (id: string) => void }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const name = event.user?.name ?? t('activity.unknown-user');
  return (
    <TableRow hover data-testid="activity-row">
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
      </TableCell>
      <TableCell data-testid="activity-who">
        {name}
        {event.user && (
          <IconButton
            size="small"
            aria-label={t('activity.only-this-person', { name })}
            onClick={() => onPerson(event.user!.id)}
          >
            <FilterListIcon fontSize="small" />
          </IconButton>
        )}
      </TableCell>
      <TableCell>{event.acting_organization?.name ?? ''}</TableCell>
      <TableCell data-testid="activity-what">{labels.action(event.action)}</TableCell>
      <TableCell data-testid="activity-project">
        {event.project_id ? (event.project_name ?? t('activity.deleted-project')) : ''}
      </TableCell>
      <TableCell>
        {labels.recordType(event.record_type)}
        {event.record_id ? ` ${event.record_id}` : ''}
      </TableCell>
      <TableCell>{event.ip ?? ''}</TableCell>
    </TableRow>
  );
}

/** Activity: the trail of the current organization, filtered, paged and downloadable as CSV. */
function ActivityPageScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const own = useOwnOrganization();
  const labels = useLabels();
  const organizationId = own?.id ?? null;
  const school = isCustomer(own?.role);
  const { page, values, update, setPage } = useListParams(FILTERS);
  const filters: AuditEventFilters = values;
  const events = useAuditEvents(organizationId, filters, page);
  const actors = useAuditActors(organizationId);
  const projects = useOrganizationProjects(organizationId);
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);

  // Who: everyone in the trail this caller reads (a school sees its studio's people who worked on its projects).
  const personOptions = useMemo(
    () =>
      (actors.data ?? [])
        .map((a): [string, string] => [a.id, a.name])
        .sort((a, b) => compareText(a[1], b[1])),
    [actors.data],
  );

  if (!can.ready) return <LoadingScreen />;
  if (!own || !can('audit-event.list', own)) return <Navigate to={ROUTES.root} replace />;

  async function download() {
    if (!organizationId) return;
    setDownloading(true);
    setDownloadFailed(false);
    try {
      await downloadAuditEventsCsv(organizationId, filters);
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  }

  const select = (filter: (typeof FILTERS)[number], label: string, options: [string, string][]) => (
    <FilterSelect
      id={`activity-filter-${filter}`}
      label={label}
      value={values[filter]}
      options={options}
      onChange={(value) => update({ [filter]: value })}
      sx={{ flex: '1 1 180px' }}
    />
  );
  const day = (filter: 'since' | 'until', label: string) => (
    <TextField
      id={`activity-filter-${filter}`}
      type="date"
      label={label}
      value={values[filter]}
      onChange={(event) => update({ [filter]: event.target.value || null })}
      sx={{ flex: '1 1 150px' }}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  const anyFilter = FILTERS.some((f) => values[f] !== '');

  return (
    <PagedListPage
      words="activity"
      actions={
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void download()}
          disabled={downloading || !organizationId}
          data-testid="activity-download-csv"
        >
          {t('activity.download-csv')}
        </Button>
      }
      above={
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {school ? t('activity.intro-school') : t('activity.intro')}
          </Typography>
          {downloadFailed && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {t('activity.download-failed')}
            </Alert>
          )}
          <FiltersBar label={t('activity.filters')} mb={2}>
            {select('actor_id', t('activity.who'), personOptions)}
            {select(
              'action',
              t('activity.what'),
              AUDIT_ACTIONS.map((a): [string, string] => [a, labels.action(a)]),
            )}
            {select(
              'project_id',
              t('activity.project'),
              (projects.data ?? []).map((p): [string, string] => [p.id, p.name]),
            )}
            {day('since', t('activity.from'))}
            {day('until', t('activity.to'))}
            {anyFilter && (
              <Button
                onClick={() => update(Object.fromEntries(FILTERS.map((f) => [f, null])))}
                sx={{ mt: 1 }}
              >
                {t('activity.clear')}
              </Button>
            )}
          </FiltersBar>
        </>
      }
      query={events}
      rowsOf={(data) => data.audit_events}
      onPage={setPage}
      size="small"
      columns={[
        t('activity.when'),
        t('activity.who'),
        t('activity.organization'),
        t('activity.what'),
        t('activity.project'),
        t('activity.record'),
        t('activity.address'),
      ]}
    >
      {(event) => <EventRow key={event.id} event={event} onPerson={(id) => update({ actor_id: id })} />}
    </PagedListPage>
  );
}

/** Activity is for those who may read the trail; others go home before the trail or its people are asked for. */
export function ActivityPage() {
  return (
    <RequireAbility allowed={(can, own) => !!own && can('audit-event.list', own)}>
      <ActivityPageScreen />
    </RequireAbility>
  );
}
