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
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../api/client';
import { useCompletePasswordReset, usePasswordReset } from '../../api/passwordResets';
import type { SignInState } from '../../app/guards';
import { ROUTES } from '../../app/routes';
import { AuthCard } from '../../components/AuthCard';
import { ErrorState } from '../../components/ErrorState';
import { LoadingScreen } from '../../components/LoadingScreen';
import { RouterLink } from '../../components/RouterLink';

const MISMATCH = 'mismatch';

const formSchema = z
  .object({ password: passwordSchema, confirmation: z.string() })
  .refine((values) => values.password === values.confirmation, { message: MISMATCH, path: ['confirmation'] });
type FormValues = z.infer<typeof formSchema>;

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

  const onSubmit = handleSubmit((values) => {
    complete.mutate(values.password, {
      onError: (error) => {
        const fieldErrors = isApiError(error) ? error.fieldErrors : undefined;
        if (fieldErrors) {
          const formatted = formatFieldErrors(fieldErrors);
          for (const [field, message] of Object.entries(formatted)) {
            setError(field === 'password' ? 'password' : 'root.server', { type: 'server', message });
          }
        }
      },
    });
  });

  const passwordError = errors.password?.message ? formatFieldMessage(errors.password.message) : undefined;
  const confirmationError =
    errors.confirmation?.message === MISMATCH
      ? t('reset-password.edit.mismatch')
      : errors.confirmation?.message && formatFieldMessage(errors.confirmation.message);
  const serverError = errors.root?.server?.message;
  const unexpected = complete.isError && !(isApiError(complete.error) && complete.error.fieldErrors);

  return (
    <AuthCard heading={t('reset-password.edit.heading')}>
      <Typography sx={{ mb: 1 }}>{t('reset-password.edit.intro', { min: PASSWORD_MIN_LENGTH })}</Typography>
      <Box component="form" aria-label={t('reset-password.edit.heading')} noValidate onSubmit={onSubmit}>
        {(serverError || unexpected) && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {serverError ?? t('reset-password.edit.failed')}
          </Alert>
        )}
        <TextField
          {...register('password')}
          id="new-password"
          label={t('reset-password.edit.password')}
          type="password"
          autoComplete="new-password"
          autoFocus
          slotProps={{ htmlInput: { 'aria-required': true } }}
          error={!!passwordError}
          helperText={passwordError}
        />
        <TextField
          {...register('confirmation')}
          id="new-password-confirmation"
          label={t('reset-password.edit.confirmation')}
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
          disabled={!password || !confirmation || complete.isPending}
          sx={{ mt: 2 }}
        >
          {complete.isPending ? t('reset-password.edit.saving') : t('reset-password.edit.submit')}
        </Button>
      </Box>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <RouterLink to={ROUTES['sign-in']}>{t('reset-password.back-to-sign-in')}</RouterLink>
      </Box>
    </AuthCard>
  );
}
