import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatFieldErrors,
  formatFieldMessage,
  PASSWORD_MIN_LENGTH,
  passwordSchema,
} from '@school-portal/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { revokeToken } from '../../api/auth';
import { isApiError } from '../../api/client';
import { queryKeys } from '../../api/keys';
import { queryClient } from '../../api/queryClient';
import { getToken, setToken } from '../../api/token';
import { useAcceptInvitation, useInvitation } from '../../api/users';
import { ROUTES } from '../../app/routes';
import { hasOtherEnabledAccount, isUserLicensed } from '../../app/session';
import { AuthCard } from '../../components/AuthCard';
import { ErrorState } from '../../components/ErrorState';
import { LoadingScreen } from '../../components/LoadingScreen';

const MISMATCH = 'mismatch';

const formSchema = z
  .object({ password: passwordSchema, confirmation: z.string() })
  .refine((values) => values.password === values.confirmation, { message: MISMATCH, path: ['confirmation'] });
type FormValues = z.infer<typeof formSchema>;

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
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '', confirmation: '' },
  });
  const password = watch('password');
  const confirmation = watch('confirmation');

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

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await accept.mutateAsync(values.password);
      // Someone else signed in on this browser: their session ends here.
      const previous = getToken();
      if (previous && previous !== result.token) await revokeToken(previous);
      if (result.user === null) {
        setToken(result.token);
        navigate(ROUTES['not-licensed'], { replace: true });
        return;
      }
      if (!isUserLicensed(result.user)) {
        if (hasOtherEnabledAccount(result.user)) {
          queryClient.setQueryData(queryKeys.currentUser, result.user);
          setToken(result.token);
        } else {
          await revokeToken(result.token);
        }
        navigate(ROUTES['not-licensed'], { replace: true });
        return;
      }
      queryClient.setQueryData(queryKeys.currentUser, result.user);
      setToken(result.token);
      navigate(ROUTES.dashboard, { replace: true });
    } catch (error) {
      const fieldErrors = isApiError(error) ? error.fieldErrors : undefined;
      if (!fieldErrors) return;
      for (const [field, message] of Object.entries(formatFieldErrors(fieldErrors))) {
        setError(field === 'password' ? 'password' : 'root.server', { type: 'server', message });
      }
    }
  });

  const passwordError = errors.password?.message ? formatFieldMessage(errors.password.message) : undefined;
  const confirmationError =
    errors.confirmation?.message === MISMATCH
      ? t('invitation.mismatch')
      : errors.confirmation?.message && formatFieldMessage(errors.confirmation.message);
  const serverError = errors.root?.server?.message;
  const unexpected = accept.isError && !(isApiError(accept.error) && accept.error.fieldErrors);
  const { name, email } = invitation.data;

  return (
    <AuthCard heading={t('invitation.heading')}>
      <Typography sx={{ mb: 1 }}>
        {t('invitation.intro', { name: name || email, min: PASSWORD_MIN_LENGTH })}
      </Typography>
      <Box component="form" aria-label={t('invitation.form-label')} noValidate onSubmit={onSubmit}>
        {(serverError || unexpected) && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {serverError ?? t('invitation.failed')}
          </Alert>
        )}
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
        <TextField
          {...register('password')}
          id="invitation-password"
          label={t('invitation.password')}
          type="password"
          autoComplete="new-password"
          autoFocus
          slotProps={{ htmlInput: { 'aria-required': true } }}
          error={!!passwordError}
          helperText={passwordError}
        />
        <TextField
          {...register('confirmation')}
          id="invitation-password-confirmation"
          label={t('invitation.confirmation')}
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
          disabled={!password || !confirmation || accept.isPending}
          sx={{ mt: 2 }}
        >
          {accept.isPending ? t('invitation.saving') : t('invitation.submit')}
        </Button>
      </Box>
      {accept.isPending && <LoadingScreen overlay label={t('invitation.saving')} />}
    </AuthCard>
  );
}
