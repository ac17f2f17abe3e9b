import { useTranslation } from 'react-i18next';
import type { Coverage } from '../../api/coverage';
import { DashboardFigures } from '../../components/DashboardCard';

/** The coverage counts, in the order the figures and the by-class table show them. */
export const COVERAGE_COUNTS = [
  'subjects',
  'with_portrait',
  'with_checked_crop',
  'retake_pending',
  'without_photo',
  'without_portrait',
] as const satisfies readonly (keyof Coverage['totals'])[];

/** The project's coverage figures (the dashboard card and the coverage page). */
export function CoverageFigures({ totals }: { totals: Coverage['totals'] | undefined }) {
  const { t } = useTranslation();
  return (
    <DashboardFigures
      label={t('coverage.totals.label')}
      testIdPrefix="coverage-count-"
      figures={COVERAGE_COUNTS.map((key) => ({
        key,
        label: t(`coverage.totals.${key}`),
        value: totals?.[key],
      }))}
    />
  );
}
