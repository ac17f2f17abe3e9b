import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface SectionProps {
  /** The heading's id, which names the section for screen readers. */
  id: string;
  title: ReactNode;
  children: ReactNode;
}

/** A part of a page under its h2 heading (a section landmark named by the heading). */
export function Section({ id, title, children }: SectionProps) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h2" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * A part of a record's page as an outlined card under its h2 heading. `headingGap` is the space below
 * the heading (a list, which brings its own top padding, wants less than a detail list).
 */
export function SectionCard({ id, title, headingGap = 2, children }: SectionProps & { headingGap?: number }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h2" component="h2" sx={{ mb: headingGap }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
