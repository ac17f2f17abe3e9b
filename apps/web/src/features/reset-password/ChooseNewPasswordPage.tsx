import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN_LENGTH } from '@school-portal/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useCompletePasswordReset, usePasswordReset } from '../../api/passwordResets';
import type { SignInState } from '../../app/guards';
import { ROUTES } from '../../app/routes';
import { AuthCard } from '../../components/AuthCard';
import { ErrorState } from '../../components/ErrorState';
import { LoadingScreen } from '../../components/LoadingScreen';
import { NewPasswordFields, showServerErrors, useNewPasswordForm } from '../../components/NewPasswordFields';
import { RouterLink } from '../../components/RouterLink';

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <AuthCard heading={t('reset-password.edit.invalid-heading')}>
      <Typography sx={{ mb: 3 }} data-testid="reset-link-invalid">
        {t('reset-password.edit.invalid-text')}
      </Typography>
      <Button component={Link} to={ROUTES['reset-password.index']} variant="contained" fullWidth>
        {t('reset-password.edit.request-new')}
      </Button>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <RouterLink to={ROUTES['sign-in']}>{t('reset-password.back-to-sign-in')}</RouterLink>
      </Box>
    </AuthCard>
  );
}

/** The page behind the e-mailed link: choose a new password. No automatic sign-in afterwards. */
export function ChooseNewPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const reset = usePasswordReset(token);
  const complete = useCompletePasswordReset(token);
  const form = useNewPasswordForm();

  if (reset.isPending) return <LoadingScreen label={t('reset-password.edit.checking')} />;
  // 404: unknown, used or expired; 400: not even shaped like a token.
  const unusable = (error: unknown) => isApiError(error, 404) || isApiError(error, 400);
  if (reset.isError && unusable(reset.error)) return <InvalidLink />;
  if (complete.isError && isApiError(complete.error, 404)) return <InvalidLink />;
  if (reset.isError) {
    return (
      <AuthCard heading={t('reset-password.edit.heading')}>
        <ErrorState message={t('common.load-failed')} onRetry={() => void reset.refetch()} />
      </AuthCard>
    );
  }

  if (complete.isSuccess) {
    const state: SignInState = { passwordChanged: true };
    return (
      <AuthCard heading={t('reset-password.edit.success-heading')}>
        <Typography sx={{ mb: 3 }} role="status" data-testid="password-changed">
          {t('reset-password.edit.success-text')}
        </Typography>
        <Button component={Link} to={ROUTES['sign-in']} state={state} variant="contained" fullWidth>
          {t('reset-password.edit.sign-in')}
        </Button>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit((values) => {
    complete.mutate(values.password, { onError: (error) => showServerErrors(form, error) });
  });
  const unexpected = complete.isError && !(isApiError(complete.error) && complete.error.fieldErrors);

  return (
    <AuthCard heading={t('reset-password.edit.heading')}>
      <Typography sx={{ mb: 1 }}>{t('reset-password.edit.intro', { count: PASSWORD_MIN_LENGTH })}</Typography>
      <Box component="form" aria-label={t('reset-password.edit.heading')} noValidate onSubmit={onSubmit}>
        <NewPasswordFields
          form={form}
          idPrefix="new-password"
          saving={complete.isPending}
          unexpectedFailure={unexpected}
          labels={{
            password: t('reset-password.edit.password'),
            confirmation: t('reset-password.edit.confirmation'),
            mismatch: t('reset-password.edit.mismatch'),
            submit: t('reset-password.edit.submit'),
            saving: t('reset-password.edit.saving'),
            failed: t('reset-password.edit.failed'),
          }}
        />
      </Box>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <RouterLink to={ROUTES['sign-in']}>{t('reset-password.back-to-sign-in')}</RouterLink>
      </Box>
    </AuthCard>
  );
}
