import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { NavLink } from 'react-router';

export interface SectionNavItem {
  key: string;
  label: string;
  to: string;
}

/** The sub-navigation of an area (All Organizations, New User, ...): links, the current one marked. */
export function SectionNav({ label, items }: { label: string; items: SectionNavItem[] }) {
  if (items.length === 0) return null;
  return (
    <Box
      component="nav"
      aria-label={label}
      data-testid="section-nav"
      sx={{
        display: 'flex',
        gap: 1,
        flexWrap: 'wrap',
        mb: 2,
        borderBottom: 1,
        borderColor: 'divider',
        pb: 1,
      }}
    >
      {items.map((item) => (
        <Button
          key={item.key}
          component={NavLink}
          to={item.to}
          end
          size="small"
          data-testid={`section-nav-${item.key}`}
          sx={{ '&.active': { bgcolor: 'action.selected', color: 'primary.main' } }}
        >
          {item.label}
        </Button>
      ))}
    </Box>
  );
}
