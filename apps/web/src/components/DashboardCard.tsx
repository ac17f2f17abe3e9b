import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface DashboardCardProps {
  icon: ReactNode;
  title: string;
  /** The screen the card leads to, and its button's words. */
  to: string;
  linkLabel: string;
  testId?: string;
  /** The card's failed-load message, shown instead of the figures. */
  error?: string | null;
  /** The figures. */
  children: ReactNode;
}

/** A card of the project dashboard below the statistics: a heading, a button to its screen, its figures. */
export function DashboardCard({ icon, title, to, linkLabel, testId, error, children }: DashboardCardProps) {
  return (
    <Card variant="outlined" sx={{ mt: 3 }} data-testid={testId}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden="true">
            {icon}
          </Box>
          <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
            {title}
          </Typography>
          <Button component={Link} to={to} variant="outlined">
            {linkLabel}
          </Button>
        </Box>
        {error ? <Typography color="error">{error}</Typography> : children}
      </CardContent>
    </Card>
  );
}

interface Figure {
  key: string;
  label: string;
  /** Undefined while loading (a dash shows). */
  value: number | undefined;
}

/** Counts as a definition list: two or three a row, all in one row on a wide screen. */
export function DashboardFigures({
  label,
  figures,
  testIdPrefix,
}: {
  label: string;
  figures: Figure[];
  /** Each figure's test id is the prefix and its key. */
  testIdPrefix: string;
}) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'repeat(2, 1fr)',
          sm: 'repeat(3, 1fr)',
          md: `repeat(${figures.length}, 1fr)`,
        },
      }}
    >
      {figures.map((figure) => (
        <Box key={figure.key} data-testid={`${testIdPrefix}${figure.key}`}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {figure.label}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0 }}>
            {figure.value ?? '–'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
