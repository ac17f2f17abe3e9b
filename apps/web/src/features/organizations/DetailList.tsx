import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface DetailRow {
  key: string;
  label: string;
  value: ReactNode;
}

/** Label and value pairs as a description list: two columns on wide screens, stacked on phones. */
export function DetailList({ rows }: { rows: DetailRow[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.5, sm: 1.5 },
        m: 0,
      }}
    >
      {rows.map((row) => (
        <Box key={row.key} sx={{ display: 'contents' }} data-testid={`detail-${row.key}`}>
          <Typography component="dt" color="text.secondary" sx={{ fontWeight: 500, mt: { xs: 1, sm: 0 } }}>
            {row.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {row.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
