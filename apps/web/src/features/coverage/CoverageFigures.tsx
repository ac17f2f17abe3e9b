import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Coverage } from '../../api/coverage';

const SHOWN = [
  'subjects',
  'with_portrait',
  'with_checked_crop',
  'retake_pending',
  'without_photo',
  'without_portrait',
] as const satisfies readonly (keyof Coverage['totals'])[];

/** The project's coverage figures as a definition list (the dashboard card and the coverage page). */
export function CoverageFigures({ totals }: { totals: Coverage['totals'] | undefined }) {
  const { t } = useTranslation();
  return (
    <Box
      component="dl"
      aria-label={t('coverage.totals.label')}
      sx={{
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(6, 1fr)' },
      }}
    >
      {SHOWN.map((key) => (
        <Box key={key} data-testid={`coverage-count-${key}`}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(`coverage.totals.${key}`)}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0 }}>
            {totals ? totals[key] : '–'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
