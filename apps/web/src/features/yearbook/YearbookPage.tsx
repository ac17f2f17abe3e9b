import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath, useProjectId } from '../../app/routes';
import { GridList } from '../../components/GridList';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { LinkButton } from '../../components/RouterLink';
import { formatAbsolute } from '../users/relativeTime';
import { useYearbookAbilities } from './abilities';
import { useYearbookTargets, type YearbookTarget } from './api';
import { DeadlineList } from './DeadlineList';

/** One target as a card: its publisher and format, its deadlines, its deliveries so far, and Open. */
function TargetCard({ projectId, target }: { projectId: string; target: YearbookTarget }) {
  const { t } = useTranslation();
  const last = target.last_delivery;
  return (
    <Card component="li" variant="outlined" data-testid="yearbook-target">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
            {target.publisher_name}
          </Typography>
          <Button
            component={Link}
            variant="outlined"
            to={routePath('project.yearbook-target', { projectId, targetId: target.id })}
            aria-label={t('yearbook.open-target-label', { name: target.publisher_name })}
          >
            {t('yearbook.open-target')}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('yearbook.format')}: {target.project_export_format_name ?? t('yearbook.no-format')}
        </Typography>
        <DeadlineList deadlines={target.deadlines} />
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="yearbook-target-deliveries">
          {last
            ? t('yearbook.last-delivery', {
                count: target.deliveries_count,
                n: last.number,
                kind: t(`yearbook.kinds.${last.kind}`),
                date: formatAbsolute(last.created_at),
              })
            : t('yearbook.never-delivered')}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * The project's Yearbook tab: a target per publisher (its format, its deadlines, its deliveries). The
 * studio or lab makes new ones; everyone opens a target to read its ledger and run the check.
 */
export function YearbookPage() {
  const { t } = useTranslation();
  const projectId = useProjectId();
  const abilities = useYearbookAbilities();
  const targets = useYearbookTargets(projectId);
  return (
    <Page
      title={t('yearbook.title')}
      actions={
        abilities.create && (
          <LinkButton to={routePath('project.yearbook-targets.new', { projectId })} icon={<AddIcon />}>
            {t('yearbook.new-target')}
          </LinkButton>
        )
      }
    >
      <Typography color="text.secondary" sx={{ mt: -1, mb: 2 }}>
        {abilities.deliver ? t('yearbook.intro') : t('yearbook.school-intro')}
      </Typography>
      <QueryState
        query={targets}
        errorMessage={t('yearbook.load-failed')}
        isEmpty={(data) => data.length === 0}
        emptyMessage={t('yearbook.empty')}
      >
        {(data) => (
          <GridList label={t('yearbook.targets-label')} columns={{ xs: '1fr', md: 'repeat(2, 1fr)' }}>
            {data.map((target) => (
              <TargetCard key={target.id} projectId={projectId} target={target} />
            ))}
          </GridList>
        )}
      </QueryState>
    </Page>
  );
}
