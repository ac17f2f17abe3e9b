import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { formatFieldMessage, passwordSchema } from '@school-portal/domain';
import type { ReactNode } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerFieldErrors } from './forms/serverErrors';

const MISMATCH = 'mismatch';

const newPasswordSchema = z
  .object({ password: passwordSchema, confirmation: z.string() })
  .refine((values) => values.password === values.confirmation, { message: MISMATCH, path: ['confirmation'] });
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
export type NewPasswordForm = UseFormReturn<NewPasswordValues>;

/** A new password typed twice, checked with the shared password rules (reset link, invitation). */
export function useNewPasswordForm(): NewPasswordForm {
  return useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmation: '' },
  });
}

/** Puts a 422's messages under the password field (anything else at the top); false when it had none. */
export function showServerErrors(form: NewPasswordForm, error: unknown): boolean {
  return applyServerFieldErrors(error, form.setError, ['password'], { root: true, focus: false }) !== null;
}

/**
 * The two password fields, the error banner and the submit button. `before` goes above the fields
 * (the invitation shows the address there, for password managers).
 */
export function NewPasswordFields(props: {
  form: NewPasswordForm;
  idPrefix: string;
  labels: {
    password: string;
    confirmation: string;
    mismatch: string;
    submit: string;
    saving: string;
    failed: string;
  };
  saving: boolean;
  /** The call failed without field messages. */
  unexpectedFailure: boolean;
  before?: ReactNode;
}) {
  const { form, idPrefix, labels, saving } = props;
  const { errors } = form.formState;
  const password = form.watch('password');
  const confirmation = form.watch('confirmation');
  const passwordError = errors.password?.message ? formatFieldMessage(errors.password.message) : undefined;
  const confirmationError =
    errors.confirmation?.message === MISMATCH
      ? labels.mismatch
      : errors.confirmation?.message && formatFieldMessage(errors.confirmation.message);
  const serverError = errors.root?.server?.message;
  return (
    <>
      {(serverError || props.unexpectedFailure) && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {serverError ?? labels.failed}
        </Alert>
      )}
      {props.before}
      <TextField
        {...form.register('password')}
        id={idPrefix}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        autoFocus
        slotProps={{ htmlInput: { 'aria-required': true } }}
        error={!!passwordError}
        helperText={passwordError}
      />
      <TextField
        {...form.register('confirmation')}
        id={`${idPrefix}-confirmation`}
        label={labels.confirmation}
        type="password"
        autoComplete="new-password"
        slotProps={{ htmlInput: { 'aria-required': true } }}
        error={!!confirmationError}
        helperText={confirmationError}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={!password || !confirmation || saving}
        sx={{ mt: 2 }}
      >
        {saving ? labels.saving : labels.submit}
      </Button>
    </>
  );
}
