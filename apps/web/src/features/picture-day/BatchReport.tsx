import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PhotoBatch, PhotoBatchCounts } from '../../api/picture-day';

const PHOTO_COUNTS = [
  'photos',
  'cards',
  'matched',
  'unmatched',
  'ambiguous',
  'ignored',
  'not_uploaded',
  'warned',
] as const;
const SUBJECT_COUNTS = [
  'subjects_matched',
  'subjects_without_photos',
  'subjects_with_several_photos',
  'subjects_photographed_again',
] as const;
type CountKey = (typeof PHOTO_COUNTS)[number] | (typeof SUBJECT_COUNTS)[number];

/** The check before anything is written: what matching found, photos and subjects. */
export function BatchReport({ batch }: { batch: PhotoBatch }) {
  const { t } = useTranslation();
  const group = (keys: readonly CountKey[], heading: string) => (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500, mb: 1 }}>
        {heading}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        {keys.map((key) => (
          <Count key={key} name={key} counts={batch.counts} label={t(`picture-day.report.${key}`)} />
        ))}
      </Box>
    </Box>
  );
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={t('picture-day.report.label')}
      data-testid="batch-report"
      sx={{ p: 2, mb: 3, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      {group(PHOTO_COUNTS, t('picture-day.report.photos-heading'))}
      {group(SUBJECT_COUNTS, t('picture-day.report.subjects-heading'))}
    </Paper>
  );
}

function Count({ name, counts, label }: { name: CountKey; counts: PhotoBatchCounts; label: string }) {
  return (
    <Box sx={{ display: 'contents' }} data-testid={`batch-count-${name}`}>
      <Typography component="dt">{label}</Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, textAlign: 'right' }}>
        {counts[name]}
      </Typography>
    </Box>
  );
}
