import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface TooltipIconButtonProps {
  /** The words on hover, and the button's accessible name. */
  label: string;
  /** The icon (small). */
  children: ReactNode;
  /** A link to this address, or else a button running `onClick`. */
  to?: string;
  onClick?: () => void;
  /** A button that may be disabled keeps its tooltip (a disabled button gets no hover). */
  disabled?: boolean;
}

/** A small icon button in a row of actions, named by its tooltip. */
export function TooltipIconButton({ label, children, to, onClick, disabled }: TooltipIconButtonProps) {
  const button = to ? (
    <IconButton component={Link} to={to} aria-label={label} size="small">
      {children}
    </IconButton>
  ) : (
    <IconButton aria-label={label} size="small" disabled={disabled} onClick={onClick}>
      {children}
    </IconButton>
  );
  return <Tooltip title={label}>{disabled === undefined ? button : <span>{button}</span>}</Tooltip>;
}
