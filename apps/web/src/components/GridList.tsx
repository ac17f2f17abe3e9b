import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

interface GridListProps {
  /** The list's accessible name. */
  label: string;
  /** grid-template-columns, by breakpoint. */
  columns: Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', string>>;
  /** `<li>` items (cards, photos). */
  children: ReactNode;
  busy?: boolean;
  testId?: string;
  sx?: SxProps<Theme>;
}

/** A list shown as a grid of cards: no bullets or indent, a gap between the items, `columns` a row. */
export function GridList({ label, columns, children, busy, testId, sx }: GridListProps) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={busy}
      data-testid={testId}
      sx={[
        { listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: columns },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
