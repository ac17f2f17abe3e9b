import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface WizardActionsProps {
  /** The step shown (0 is the first). */
  active: number;
  /** On the first step Cancel leads here (out of the wizard); on the others Back goes a step back. */
  cancelTo: string;
  cancelLabel: string;
  backLabel: string;
  onBack: () => void;
  /** Back waits while the wizard saves or starts its run. */
  backDisabled?: boolean;
  /** The forward button (Next, or the last step's own). */
  children?: ReactNode;
  mt?: number;
  testId?: string;
}

/** A wizard's buttons under its step: Cancel on the first step or Back on the others, then forward. */
export function WizardActions({
  active,
  cancelTo,
  cancelLabel,
  backLabel,
  onBack,
  backDisabled,
  children,
  mt = 2,
  testId,
}: WizardActionsProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ mt }} data-testid={testId}>
      {active === 0 ? (
        <Button component={Link} to={cancelTo}>
          {cancelLabel}
        </Button>
      ) : (
        <Button onClick={onBack} disabled={backDisabled}>
          {backLabel}
        </Button>
      )}
      {children}
    </Stack>
  );
}
