import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';

interface SubNavBase {
  key: string;
  label: ReactNode;
  /** Shown in bold, as the title of the group (the project name of the project subnav). */
  emphasis?: boolean;
  /** An accessible name when the label alone is not enough. */
  ariaLabel?: string;
  endIcon?: ReactNode;
}

/** A link inside the app; active on its path and below (only the exact path with `end`), or as `activeWhen` decides. */
export interface SubNavLinkItem extends SubNavBase {
  to: string;
  end?: boolean;
  activeWhen?: (pathname: string) => boolean;
}
/** A link out of the app (opened in a new tab). */
export interface SubNavExternalItem extends SubNavBase {
  href: string;
}
/** An action (opens a dialog). */
export interface SubNavButtonItem extends SubNavBase {
  onClick: () => void;
}
export type SubNavItem = SubNavLinkItem | SubNavExternalItem | SubNavButtonItem;

const itemSx = (emphasis?: boolean) =>
  ({
    textTransform: 'none',
    fontWeight: emphasis ? 700 : 500,
    borderRadius: 0,
    borderBottom: 2,
    borderColor: 'transparent',
    minHeight: 40,
    '&.active': { color: 'primary.main', borderColor: 'primary.main' },
  }) as const;

/**
 * The one sub-navigation of every area: a row of underlined tabs under the heading, the
 * current one marked (aria-current="page"). Projects, subjects, seasons, templates, organizations,
 * users and file requests all use it.
 */
export function SubNav({
  label,
  items,
  testId = 'subnav',
}: {
  label: string;
  items: SubNavItem[];
  testId?: string;
}) {
  const { pathname } = useLocation();
  if (items.length === 0) return null;
  return (
    <Box
      component="nav"
      aria-label={label}
      data-testid={testId}
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
    >
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item) => {
          // What every kind of item shows the same way; each kind adds how it goes where it goes.
          const common = {
            color: 'inherit',
            'aria-label': item.ariaLabel,
            endIcon: item.endIcon,
            sx: itemSx(item.emphasis),
            children: item.label,
          } as const;
          return (
            <Box component="li" key={item.key}>
              {'to' in item ? (
                item.activeWhen ? (
                  <Button
                    {...common}
                    component={NavLink}
                    to={item.to}
                    // The matcher decides (a template's page belongs to All Project Templates).
                    className={item.activeWhen(pathname) ? 'active' : 'inactive'}
                    aria-current={item.activeWhen(pathname) ? 'page' : undefined}
                    sx={{ ...common.sx, '&.inactive': { color: 'inherit', borderColor: 'transparent' } }}
                  />
                ) : (
                  <Button {...common} component={NavLink} to={item.to} end={item.end} />
                )
              ) : 'href' in item ? (
                <Button
                  {...common}
                  component="a"
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                />
              ) : (
                <Button {...common} onClick={item.onClick} />
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
