import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useProject } from '../../api/projects';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';

/** A first project page: its name and main facts (the project dashboard comes later). */
export function ProjectPage() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const project = useProject(projectId);

  if (project.isPending) return <LoadingScreen />;
  if (project.isError) {
    return (
      <Page title={t('project.title')}>
        {isApiError(project.error, 404) ? (
          <EmptyState message={t('project.not-found')} />
        ) : (
          <ErrorState message={t('project.load-failed')} onRetry={() => void project.refetch()} />
        )}
      </Page>
    );
  }

  const p = project.data;
  const rows: [string, string | number | null | undefined][] = [
    [t('project.short-code'), p.short_code],
    [t('project.organization'), p.organization_name],
    [t('project.season'), p.season_name],
    [t('project.subjects'), p.subjects_count],
  ];
  return (
    <Page title={p.name}>
      <Paper variant="outlined">
        <Table size="small" aria-label={p.name}>
          <TableBody>
            {rows
              .filter(([, value]) => value !== undefined && value !== null && value !== '')
              .map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell component="th" scope="row" sx={{ width: '30%', fontWeight: 500 }}>
                    {label}
                  </TableCell>
                  <TableCell>{value}</TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </Paper>
    </Page>
  );
}
