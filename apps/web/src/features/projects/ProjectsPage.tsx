import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrganizationProjects } from '../../api/projects';
import { routePath } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';

/** A first, simple project list (the full table with filters comes later). */
export function ProjectsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const projects = useOrganizationProjects(user.current_account?.organization_id);

  let content: ReactNode;
  if (projects.isPending) content = <LoadingScreen />;
  else if (projects.isError) {
    content = <ErrorState message={t('projects.load-failed')} onRetry={() => void projects.refetch()} />;
  } else if (projects.data.length === 0) content = <EmptyState message={t('projects.empty')} />;
  else {
    content = (
      <Paper variant="outlined">
        <List aria-label={t('projects.heading')} data-testid="projects" disablePadding>
          {projects.data.map((project) => (
            <ListItem key={project.id} disablePadding divider>
              <ListItemButton component={Link} to={routePath('project.index', { projectId: project.id })}>
                <ListItemText
                  primary={project.short_code ? `${project.name} (${project.short_code})` : project.name}
                  secondary={[
                    project.organization_name,
                    typeof project.subjects_count === 'number'
                      ? `${t('projects.subjects')}: ${project.subjects_count}`
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
                <Chip
                  size="small"
                  variant={project.season_name ? 'filled' : 'outlined'}
                  label={project.season_name ?? t('projects.no-season')}
                  sx={{ ml: 1 }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
    );
  }

  return <Page title={t('projects.heading')}>{content}</Page>;
}
