import FaceRetouchingNaturalIcon from '@mui/icons-material/FaceRetouchingNatural';
import { useTranslation } from 'react-i18next';
import { type PhotoCheckCounts, usePhotoCheckCounts } from '../../api/photo-checks';
import { useCan } from '../../app/can';
import { routePath } from '../../app/routes';
import { DashboardCard, DashboardFigures } from '../../components/DashboardCard';

const SHOWN = [
  ['checked', 'photo-checks.summary.checked'],
  ['flagged_open', 'photo-checks.summary.flagged'],
  ['retakes', 'photo-checks.summary.retakes'],
  ['auto_cropped', 'photo-checks.summary.auto-cropped'],
  ['centred_no_face', 'photo-checks.summary.centred-no-face'],
] as const satisfies readonly (readonly [keyof PhotoCheckCounts, string])[];

/**
 * The project dashboard's photo checks card: how many photos the computer checked, flagged (still to
 * review), marked for a retake, auto-cropped, and left centred because no face was found; it leads to the
 * review. Shown to whoever may see the review.
 */
export function PhotoChecksSummary({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const allowed = can('photo-check.list');
  const counts = usePhotoCheckCounts(projectId, allowed);
  if (!allowed) return null;
  return (
    <DashboardCard
      icon={<FaceRetouchingNaturalIcon />}
      title={t('photo-checks.summary.title')}
      to={routePath('project.photo-checks', { projectId })}
      linkLabel={t('photo-checks.summary.open')}
      testId="photo-checks-summary"
      error={counts.isError ? t('photo-checks.summary.load-failed') : null}
    >
      <DashboardFigures
        label={t('photo-checks.summary.label')}
        testIdPrefix="photo-checks-count-"
        figures={SHOWN.map(([key, label]) => ({ key, label: t(label), value: counts.data?.[key] }))}
      />
    </DashboardCard>
  );
}
