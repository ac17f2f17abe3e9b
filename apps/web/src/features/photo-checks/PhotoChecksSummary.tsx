import FaceRetouchingNaturalIcon from '@mui/icons-material/FaceRetouchingNatural';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PhotoCheckCounts, usePhotoCheckCounts } from '../../api/photo-checks';
import { useCan } from '../../app/can';
import { routePath } from '../../app/routes';

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
    <Card variant="outlined" sx={{ mt: 3 }} data-testid="photo-checks-summary">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <FaceRetouchingNaturalIcon color="primary" aria-hidden="true" />
          <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
            {t('photo-checks.summary.title')}
          </Typography>
          <Button component={Link} to={routePath('project.photo-checks', { projectId })} variant="outlined">
            {t('photo-checks.summary.open')}
          </Button>
        </Box>
        {counts.isError ? (
          <Typography color="error">{t('photo-checks.summary.load-failed')}</Typography>
        ) : (
          <Box
            component="dl"
            aria-label={t('photo-checks.summary.label')}
            sx={{
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' },
            }}
          >
            {SHOWN.map(([key, label]) => (
              <Box key={key} data-testid={`photo-checks-count-${key}`}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t(label)}
                </Typography>
                <Typography component="dd" variant="h5" sx={{ m: 0 }}>
                  {counts.data ? counts.data[key] : '–'}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
