import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN_LENGTH } from '@school-portal/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { revokeToken } from '../../api/auth';
import { getToken } from '../../api/token';
import { useAcceptInvitation, useInvitation } from '../../api/users';
import { ROUTES } from '../../app/routes';
import { startSession } from '../../app/session';
import { AuthCard } from '../../components/AuthCard';
import { LoadingScreen } from '../../components/LoadingScreen';
import { InvalidLinkCard, TokenCheck, TokenPasswordForm } from '../../components/TokenPasswordPage';

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

  const save = async (password: string) => {
    const result = await accept.mutateAsync(password);
    // Someone else signed in on this browser: their session ends here.
    const previous = getToken();
    if (previous && previous !== result.token) await revokeToken(previous);
    const outcome = await startSession(result);
    navigate(outcome === 'not-licensed' ? ROUTES['not-licensed'] : ROUTES.dashboard, { replace: true });
  };

  return (
    <TokenCheck
      words="invitation"
      lookup={invitation}
      call={accept}
      invalid={
        <InvalidLinkCard
          words="invitation"
          testId="invitation-invalid"
          to={ROUTES['sign-in']}
          action={t('invitation.sign-in')}
        />
      }
    >
      {({ name, email }) => (
        <AuthCard heading={t('invitation.heading')}>
          <Typography sx={{ mb: 1 }}>
            {t('invitation.intro', { name: name || email, count: PASSWORD_MIN_LENGTH })}
          </Typography>
          <TokenPasswordForm
            words="invitation"
            label={t('invitation.form-label')}
            idPrefix="invitation-password"
            call={accept}
            save={save}
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
          {accept.isPending && <LoadingScreen overlay label={t('invitation.saving')} />}
        </AuthCard>
      )}
    </TokenCheck>
  );
}
