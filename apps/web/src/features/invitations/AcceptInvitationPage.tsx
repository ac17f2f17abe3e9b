import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN_LENGTH } from '@school-portal/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { revokeToken } from '../../api/auth';
import { isApiError } from '../../api/client';
import { getToken } from '../../api/token';
import { useAcceptInvitation, useInvitation } from '../../api/users';
import { ROUTES } from '../../app/routes';
import { startSession } from '../../app/session';
import { AuthCard } from '../../components/AuthCard';
import { ErrorState } from '../../components/ErrorState';
import { LoadingScreen } from '../../components/LoadingScreen';
import { NewPasswordFields, showServerErrors, useNewPasswordForm } from '../../components/NewPasswordFields';

function InvalidInvitation() {
  const { t } = useTranslation();
  return (
    <AuthCard heading={t('invitation.invalid-heading')}>
      <Typography sx={{ mb: 3 }} data-testid="invitation-invalid">
        {t('invitation.invalid-text')}
      </Typography>
      <Button component={Link} to={ROUTES['sign-in']} variant="contained" fullWidth>
        {t('invitation.sign-in')}
      </Button>
    </AuthCard>
  );
}

/**
 * The page behind the e-mailed invitation link (works signed out, no navigation): choose a password,
 * then land signed in on the dashboard.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const form = useNewPasswordForm();

  if (invitation.isPending) return <LoadingScreen label={t('invitation.checking')} />;
  const unusable = (error: unknown) => isApiError(error, 404) || isApiError(error, 400);
  if (invitation.isError && unusable(invitation.error)) return <InvalidInvitation />;
  if (accept.isError && isApiError(accept.error, 404)) return <InvalidInvitation />;
  if (invitation.isError) {
    return (
      <AuthCard heading={t('invitation.heading')}>
        <ErrorState message={t('common.load-failed')} onRetry={() => void invitation.refetch()} />
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await accept.mutateAsync(values.password);
      // Someone else signed in on this browser: their session ends here.
      const previous = getToken();
      if (previous && previous !== result.token) await revokeToken(previous);
      const outcome = await startSession(result);
      navigate(outcome === 'not-licensed' ? ROUTES['not-licensed'] : ROUTES.dashboard, { replace: true });
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  const unexpected = accept.isError && !(isApiError(accept.error) && accept.error.fieldErrors);
  const { name, email } = invitation.data;

  return (
    <AuthCard heading={t('invitation.heading')}>
      <Typography sx={{ mb: 1 }}>
        {t('invitation.intro', { name: name || email, count: PASSWORD_MIN_LENGTH })}
      </Typography>
      <Box component="form" aria-label={t('invitation.form-label')} noValidate onSubmit={onSubmit}>
        <NewPasswordFields
          form={form}
          idPrefix="invitation-password"
          saving={accept.isPending}
          unexpectedFailure={unexpected}
          labels={{
            password: t('invitation.password'),
            confirmation: t('invitation.confirmation'),
            mismatch: t('invitation.mismatch'),
            submit: t('invitation.submit'),
            saving: t('invitation.saving'),
            failed: t('invitation.failed'),
          }}
          before={
            <>
              {/* The address, read-only, so password managers store the password with the right account. */}
              <TextField
                id="invitation-email"
                name="username"
                label={t('invitation.email')}
                type="email"
                value={email}
                autoComplete="username"
                slotProps={{ htmlInput: { readOnly: true } }}
              />
            </>
          }
        />
      </Box>
      {accept.isPending && <LoadingScreen overlay label={t('invitation.saving')} />}
    </AuthCard>
  );
}
