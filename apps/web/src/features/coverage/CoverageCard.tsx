import HowToRegIcon from '@mui/icons-material/HowToReg';
import { useTranslation } from 'react-i18next';
import { useCoverage } from '../../api/coverage';
import { useCan } from '../../app/can';
import { routePath } from '../../app/routes';
import { DashboardCard } from '../../components/DashboardCard';
import { CoverageFigures } from './CoverageFigures';

/**
 * The project dashboard's coverage card: how many subjects have a portrait, a checked crop, a
 * retake pending, no photo at all, and how many still miss a portrait; it leads to the coverage page.
 */
export function CoverageCard({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const allowed = can('coverage.show');
  const coverage = useCoverage(projectId, 1, 1, allowed);
  if (!allowed) return null;
  return (
    <DashboardCard
      icon={<HowToRegIcon />}
      title={t('coverage.card.title')}
      to={routePath('project.coverage', { projectId })}
      linkLabel={t('coverage.card.open')}
      testId="coverage-card"
      error={coverage.isError ? t('coverage.load-failed') : null}
    >
      <CoverageFigures totals={coverage.data?.coverage.totals} />
    </DashboardCard>
  );
}
