import AttachFileIcon from '@mui/icons-material/AttachFile';
import DownloadIcon from '@mui/icons-material/Download';
import PeopleIcon from '@mui/icons-material/People';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import PrintIcon from '@mui/icons-material/Print';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ProjectRecord, useCurrentProject } from '../../api/projects';
import { useCan } from '../../app/can';
import { routePath } from '../../app/routes';
import { DeleteButton } from '../../components/DeleteButton';
import { GridList } from '../../components/GridList';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import { LinkButton } from '../../components/RouterLink';
import { CoverageCard } from '../coverage/CoverageCard';
import { useLiveCoverage } from '../coverage/useLiveCoverage';
import { PhotoChecksSummary } from '../photo-checks/PhotoChecksSummary';
import { YearbookDeadlineCard } from '../yearbook/DeadlineCard';
import { ChooseTemplate } from './ChooseTemplate';
import { DeleteProjectDialog } from './DeleteProjectDialog';

interface Statistic {
  key: string;
  to: string;
  label: string;
  icon: ReactNode;
  count?: number;
}

function StatisticLink({ statistic }: { statistic: Statistic }) {
  return (
    <Box component="li" sx={{ display: 'flex' }}>
      <Card variant="outlined" sx={{ flex: 1 }}>
        <CardActionArea
          component={Link}
          to={statistic.to}
          data-testid={`project-stat-${statistic.key}`}
          sx={{
            p: 3,
            height: '100%',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'flex-start',
            gap: 1,
          }}
        >
          <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden="true">
            {statistic.icon}
          </Box>
          {/* A card without a count keeps the count's line, so that every label lines up. */}
          {statistic.count !== undefined ? (
            <Typography component="span" variant="h2" sx={{ fontSize: '2rem', lineHeight: 1.2 }}>
              {statistic.count}
            </Typography>
          ) : (
            <Box component="span" sx={{ display: 'block', height: '2.4rem' }} />
          )}
          <Typography
            component="span"
            variant="subtitle1"
            sx={{ fontWeight: 500 }}
            data-testid="project-stat-label"
          >
            {statistic.label}
          </Typography>
        </CardActionArea>
      </Card>
    </Box>
  );
}

/** The project dashboard (spec §2): statistic links and the Files Requested banner. */
export function ProjectPage() {
  // The project layout has loaded it already.
  const { project } = useCurrentProject();
  if (!project.data) return <LoadingScreen />;
  return <ProjectDashboard project={project.data} />;
}

function ProjectDashboard({ project }: { project: ProjectRecord }) {
  const { t } = useTranslation();
  const projectId = project.id;
  // Its counts and coverage move with picture day: pushed by the server, read again at once.
  useLiveCoverage(projectId);
  const statistics: Statistic[] = [
    {
      key: 'subjects',
      to: routePath('project.subjects', { projectId }),
      label: t('project.stats.subjects'),
      icon: <PeopleIcon fontSize="large" />,
      count: project.subjects_count ?? 0,
    },
    {
      key: 'exports',
      to: routePath('project.exports', { projectId }),
      label: t('project.stats.exports'),
      icon: <DownloadIcon fontSize="large" />,
    },
    {
      key: 'layouts',
      to: routePath('project.layouts', { projectId }),
      label: t('project.stats.layouts'),
      icon: <PrintIcon fontSize="large" />,
    },
    {
      key: 'attachments',
      to: routePath('project.attachments', { projectId }),
      label: t('project.stats.attachments'),
      icon: <AttachFileIcon fontSize="large" />,
      count: project.attachments_count ?? 0,
    },
  ];
  const pending = project.pending_attachment_requests_count ?? 0;
  const facts = [
    project.short_code,
    project.organization_name,
    project.season_name ?? t('projects.no-season'),
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Page title={project.name}>
      <Typography color="text.secondary" sx={{ mt: -1, mb: 2 }} data-testid="project-facts">
        {facts}
      </Typography>
      <ChooseTemplate project={project} />
      {pending > 0 && (
        <Alert
          severity="warning"
          data-testid="files-requested"
          sx={{ mb: 3 }}
          action={
            <LinkButton
              to={routePath('project.attachments', { projectId })}
              variant="text"
              color="inherit"
              size="small"
            >
              {t('project.files-requested.action')}
            </LinkButton>
          }
        >
          <AlertTitle>{t('project.files-requested.title')}</AlertTitle>
          {t('project.files-requested.text', { count: pending })}
        </Alert>
      )}
      <GridList
        label={t('project.stats.label')}
        columns={{ xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }}
      >
        {statistics.map((statistic) => (
          <StatisticLink key={statistic.key} statistic={statistic} />
        ))}
      </GridList>
      <CoverageCard projectId={projectId} />
      <YearbookDeadlineCard projectId={projectId} />
      <PhotoChecksSummary projectId={projectId} />
      <ProjectActions project={project} />
    </Page>
  );
}

/** Under the statistics: the data summary for everyone; deleting the project for managers. */
function ProjectActions({ project }: { project: ProjectRecord }) {
  const { t } = useTranslation();
  const can = useCan();
  const [deleting, setDeleting] = useState(false);
  const mayDelete = can('project.delete');
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 3, flexWrap: 'wrap' }}>
      <LinkButton to={routePath('project.data-summary', { projectId: project.id })} icon={<PrivacyTipIcon />}>
        {t('data-summary.link')}
      </LinkButton>
      {can('photo-batch.list') && (
        <LinkButton
          to={routePath('project.picture-day', { projectId: project.id })}
          icon={<PhotoLibraryIcon />}
        >
          {t('picture-day.link')}
        </LinkButton>
      )}
      {mayDelete && (
        <>
          <DeleteButton onClick={() => setDeleting(true)}>{t('project-delete.action')}</DeleteButton>
          <DeleteProjectDialog project={project} open={deleting} onClose={() => setDeleting(false)} />
        </>
      )}
    </Stack>
  );
}
