import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { currentSeasonOf, type Season, useSeasons } from '../../api/seasons';
import { useCan, useOwnOrganization } from '../../app/can';
import { ROUTES } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { formatCalendarDate } from '../../components/format';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { ListTable } from '../../components/table/ListTable';
import { SeasonsNav } from './SeasonsNav';

/** All Seasons (spec §2): the seasons the organization uses, newest first, with their project counts. */
export function SeasonsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const can = useCan();
  const own = useOwnOrganization();
  const organization = user.current_account?.organization ?? null;
  const allowed = !!own && can('season.create', own) && !!organization;
  const seasons = useSeasons(organization?.id, allowed);

  // Seasons belong to studios and labs managing their own organization (spec §6).
  if (!allowed) return <Navigate to={ROUTES.root} replace />;

  const content = (
    <QueryState
      query={seasons}
      errorMessage={t('seasons.load-failed')}
      isEmpty={(data) => data.length === 0}
      emptyMessage={t('seasons.empty')}
    >
      {(data) => <SeasonList seasons={data} organization={organization} />}
    </QueryState>
  );
  return (
    <Page title={t('seasons.heading')}>
      <SeasonsNav />
      {content}
    </Page>
  );
}

function SeasonList({
  seasons,
  organization,
}: {
  seasons: Season[];
  organization: { id: string; parent_organization_id: string | null };
}) {
  const { t } = useTranslation();
  const current = currentSeasonOf(seasons, organization.id, organization.parent_organization_id);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="seasons-count">
        {t('seasons.count', { count: seasons.length })}
      </Typography>
      <ListTable
        label={t('seasons.table')}
        columns={[t('seasons.name'), t('seasons.period'), { label: t('seasons.projects'), align: 'right' }]}
        rows={seasons}
      >
        {(season) => {
          const period = [season.period_start, season.period_end]
            .map((d) => formatCalendarDate(d))
            .filter(Boolean)
            .join(' – ');
          return (
            <TableRow key={season.id} data-testid="season-row">
              <TableCell component="th" scope="row">
                {season.name}
                {season.id === current?.id && (
                  <Chip size="small" color="primary" label={t('seasons.current')} sx={{ ml: 1 }} />
                )}
              </TableCell>
              <TableCell>{period}</TableCell>
              <TableCell align="right">{season.projects_count}</TableCell>
            </TableRow>
          );
        }}
      </ListTable>
    </>
  );
}
