import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import { forwardRef } from 'react';
import { Link, type LinkProps } from 'react-router';

type RouterLinkProps = Omit<MuiLinkProps, 'href'> & Pick<LinkProps, 'to' | 'replace' | 'state'>;

/** An MUI-styled link that navigates inside the app. */
export const RouterLink = forwardRef<HTMLAnchorElement, RouterLinkProps>(function RouterLink(props, ref) {
  return <MuiLink component={Link} ref={ref} {...props} />;
});
