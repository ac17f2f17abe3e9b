import Button, { type ButtonProps } from '@mui/material/Button';
import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import { forwardRef, type ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

type RouterLinkProps = Omit<MuiLinkProps, 'href'> & Pick<LinkProps, 'to' | 'replace' | 'state'>;

/** An MUI-styled link that navigates inside the app. */
export const RouterLink = forwardRef<HTMLAnchorElement, RouterLinkProps>(function RouterLink(props, ref) {
  return <MuiLink component={Link} ref={ref} {...props} />;
});

interface LinkButtonProps extends Pick<ButtonProps, 'variant' | 'color' | 'size' | 'children'> {
  to: string;
  /** The icon before the words. */
  icon?: ReactNode;
}

/** A button that leads to another screen of the app (outlined unless told otherwise). */
export function LinkButton({ to, icon, variant = 'outlined', ...rest }: LinkButtonProps) {
  return <Button component={Link} to={to} variant={variant} startIcon={icon} {...rest} />;
}
