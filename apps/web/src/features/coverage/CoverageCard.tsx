import HowToRegIcon from '@mui/icons-material/HowToReg';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCoverage } from '../../api/coverage';
import { useCan } from '../../app/can';
import { routePath } from '../../app/routes';
import { CoverageFigures } from './CoverageFigures';

/**
 * The project dashboard's coverage card (issue 28): how many subjects have a portrait, a checked crop, a
 * retake pending, no photo at all, and how many still miss a portrait; it leads to the coverage page.
 */
export function CoverageCard({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const allowed = can('coverage.show');
  const coverage = useCoverage(projectId, 1, 1, allowed);
  if (!allowed) return null;
  return (
    <Card variant="outlined" sx={{ mt: 3 }} data-testid="coverage-card">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <HowToRegIcon color="primary" aria-hidden="true" />
          <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
            {t('coverage.card.title')}
          </Typography>
          <Button component={Link} to={routePath('project.coverage', { projectId })} variant="outlined">
            {t('coverage.card.open')}
          </Button>
        </Box>
        {coverage.isError ? (
          <Typography color="error">{t('coverage.load-failed')}</Typography>
        ) : (
          <CoverageFigures totals={coverage.data?.coverage.totals} />
        )}
      </CardContent>
    </Card>
  );
}
