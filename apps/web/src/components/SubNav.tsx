import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

export interface SubNavItem {
  key: string;
  to: string;
  label: ReactNode;
  /** Active only on this exact path (not on the paths below it). */
  end?: boolean;
  /** Shown in bold, as the title of the group (the project name of the project subnav). */
  emphasis?: boolean;
}

/** A row of links under a heading; the current one is marked (aria-current="page"). */
export function SubNav({ label, items }: { label: string; items: SubNavItem[] }) {
  return (
    <Box
      component="nav"
      aria-label={label}
      data-testid="subnav"
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
    >
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item) => (
          <Box component="li" key={item.key}>
            <Button
              component={NavLink}
              to={item.to}
              end={item.end}
              color="inherit"
              sx={{
                textTransform: 'none',
                fontWeight: item.emphasis ? 700 : 500,
                borderRadius: 0,
                borderBottom: 2,
                borderColor: 'transparent',
                '&.active': { color: 'primary.main', borderColor: 'primary.main' },
              }}
            >
              {item.label}
            </Button>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
