import Box, { type BoxProps } from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { FormEventHandler, ReactNode } from 'react';
import { RouterLink } from './RouterLink';

/** The form of a screen in the AuthCard (sign-in, reset-password): named, the browser's own validation off. */
export function AuthForm({
  label,
  onSubmit,
  children,
  ...props
}: Omit<BoxProps<'form'>, 'component'> & {
  /** The form's accessible name. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
}) {
  return (
    <Box component="form" aria-label={label} noValidate onSubmit={onSubmit} {...props}>
      {children}
    </Box>
  );
}

/** The AuthCard form's one full-width submit button. */
export function AuthSubmit({ disabled, children }: { disabled: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth disabled={disabled} sx={{ mt: 2 }}>
      {children}
    </Button>
  );
}

/** The link below an AuthCard form to the screen before or beside it (back to sign-in, forgot password). */
export function AuthFooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Box sx={{ mt: 2, textAlign: 'center' }}>
      <RouterLink to={to}>{children}</RouterLink>
    </Box>
  );
}
