import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { currentSeasonOf, useSeasons } from '../../api/seasons';
import { useSessionAbilities } from '../../api/sessionAbilities';
import { ROUTES } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { formatCalendarDate } from '../../components/format';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import { SeasonsNav } from './SeasonsNav';

/** All Seasons (spec §2): the seasons the organization uses, newest first, with their project counts. */
export function SeasonsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const abilities = useSessionAbilities();
  const organization = user.current_account?.organization ?? null;
  const allowed = abilities.sidebar.seasons && !!organization;
  const seasons = useSeasons(organization?.id, allowed);

  // Seasons belong to studios and labs managing their own organization (spec §6).
  if (!allowed) return <Navigate to={ROUTES.root} replace />;

  let content: ReactNode;
  if (seasons.isPending) content = <LoadingScreen />;
  else if (seasons.isError) {
    content = <ErrorState message={t('seasons.load-failed')} onRetry={() => void seasons.refetch()} />;
  } else if (seasons.data.length === 0) content = <EmptyState message={t('seasons.empty')} />;
  else {
    const current = currentSeasonOf(seasons.data, organization.id, organization.parent_organization_id);
    content = (
      <>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="seasons-count">
          {t('seasons.count', { count: seasons.data.length })}
        </Typography>
        <Paper variant="outlined">
          <TableContainer>
            <Table aria-label={t('seasons.table')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('seasons.name')}</TableCell>
                  <TableCell>{t('seasons.period')}</TableCell>
                  <TableCell align="right">{t('seasons.projects')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {seasons.data.map((season) => {
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
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      </>
    );
  }

  return (
    <Page title={t('seasons.heading')}>
      <SeasonsNav />
      {content}
    </Page>
  );
}
