import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN_LENGTH } from '@school-portal/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCompletePasswordReset, usePasswordReset } from '../../api/passwordResets';
import type { SignInState } from '../../app/guards';
import { ROUTES } from '../../app/routes';
import { AuthCard } from '../../components/AuthCard';
import { AuthFooterLink } from '../../components/AuthForm';
import { InvalidLinkCard, TokenCheck, TokenPasswordForm } from '../../components/TokenPasswordPage';

/** After the new password is saved: the way to sign in with it (no automatic sign-in). */
function PasswordChanged() {
  const { t } = useTranslation();
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

/** The page behind the e-mailed link: choose a new password. No automatic sign-in afterwards. */
export function ChooseNewPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const reset = usePasswordReset(token);
  const complete = useCompletePasswordReset(token);
  const backToSignIn = (
    <AuthFooterLink to={ROUTES['sign-in']}>{t('reset-password.back-to-sign-in')}</AuthFooterLink>
  );
  const invalid = (
    <InvalidLinkCard
      words="reset-password.edit"
      testId="reset-link-invalid"
      to={ROUTES['reset-password.index']}
      action={t('reset-password.edit.request-new')}
      after={backToSignIn}
    />
  );

  return (
    <TokenCheck words="reset-password.edit" lookup={reset} call={complete} invalid={invalid}>
      {() =>
        complete.isSuccess ? (
          <PasswordChanged />
        ) : (
          <AuthCard heading={t('reset-password.edit.heading')}>
            <Typography sx={{ mb: 1 }}>
              {t('reset-password.edit.intro', { count: PASSWORD_MIN_LENGTH })}
            </Typography>
            <TokenPasswordForm
              words="reset-password.edit"
              label={t('reset-password.edit.heading')}
              idPrefix="new-password"
              call={complete}
              save={(password) => complete.mutateAsync(password)}
            />
            {backToSignIn}
          </AuthCard>
        )
      }
    </TokenCheck>
  );
}
