import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../api/client';
import { AuthCard } from './AuthCard';
import { ErrorState } from './ErrorState';
import { LoadingScreen } from './LoadingScreen';
import { NewPasswordFields, showServerErrors, useNewPasswordForm } from './NewPasswordFields';
import type { QueryLike } from './QueryState';

/**
 * The screens behind an e-mailed link that choose a password (a password reset, an invitation): each
 * keeps its words under one prefix, with the same keys (heading, checking, invalid-heading, invalid-text,
 * password, confirmation, mismatch, submit, saving, failed).
 */
export type TokenPageWords = 'reset-password.edit' | 'invitation';

/** The parts of the call that uses the token (sets the password) the page reads. */
interface TokenCall {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/** 404: unknown, used or expired; 400: not even shaped like a token. */
const unusable = (error: unknown) => isApiError(error, 404) || isApiError(error, 400);

/**
 * What a token page shows before its form: "checking" while the token is looked up; the invalid-link
 * card when the token is unusable, or when the call finds it gone (404); a retryable error when the
 * look-up failed otherwise. Then the page itself, given the token's record.
 */
export function TokenCheck<T>({
  words,
  lookup,
  call,
  invalid,
  children,
}: {
  words: TokenPageWords;
  lookup: QueryLike<T>;
  call: TokenCall;
  invalid: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (lookup.isPending) return <LoadingScreen label={t(`${words}.checking`)} />;
  if (lookup.isError && unusable(lookup.error)) return <>{invalid}</>;
  if (call.isError && isApiError(call.error, 404)) return <>{invalid}</>;
  if (lookup.isError) {
    return (
      <AuthCard heading={t(`${words}.heading`)}>
        <ErrorState message={t('common.load-failed')} onRetry={() => void lookup.refetch()} />
      </AuthCard>
    );
  }
  return <>{children(lookup.data as T)}</>;
}

/** The card of an unusable link: why, and the one way on (`to`, `action`); `after` stands below it. */
export function InvalidLinkCard({
  words,
  testId,
  to,
  action,
  after,
}: {
  words: TokenPageWords;
  testId: string;
  to: string;
  action: string;
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AuthCard heading={t(`${words}.invalid-heading`)}>
      <Typography sx={{ mb: 3 }} data-testid={testId}>
        {t(`${words}.invalid-text`)}
      </Typography>
      <Button component={Link} to={to} variant="contained" fullWidth>
        {action}
      </Button>
      {after}
    </AuthCard>
  );
}

/**
 * The new-password form of a token page: the two fields and the button in the screen's words; `save`
 * sends the password (Saving… while `call` runs); a refusal's messages go under the password field,
 * and a failure without field messages shows the screen's "failed" words.
 */
export function TokenPasswordForm({
  words,
  label,
  idPrefix,
  call,
  save,
  before,
}: {
  words: TokenPageWords;
  /** The form's accessible name. */
  label: string;
  idPrefix: string;
  call: TokenCall;
  save: (password: string) => Promise<unknown>;
  before?: ReactNode;
}) {
  const { t } = useTranslation();
  const form = useNewPasswordForm();
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save(values.password);
    } catch (error) {
      showServerErrors(form, error);
    }
  });
  const unexpected = call.isError && !(isApiError(call.error) && call.error.fieldErrors);
  return (
    <Box component="form" aria-label={label} noValidate onSubmit={onSubmit}>
      <NewPasswordFields
        form={form}
        idPrefix={idPrefix}
        saving={call.isPending}
        unexpectedFailure={unexpected}
        labels={{
          password: t(`${words}.password`),
          confirmation: t(`${words}.confirmation`),
          mismatch: t(`${words}.mismatch`),
          submit: t(`${words}.submit`),
          saving: t(`${words}.saving`),
          failed: t(`${words}.failed`),
        }}
        before={before}
      />
    </Box>
  );
}
