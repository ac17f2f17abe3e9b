import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { keyframes } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSignIn } from '../../api/auth';
import { isApiError } from '../../api/client';
import { useConfig } from '../../api/config';
import { type SignInState, safeReturnPath } from '../../app/guards';
import { ROUTES } from '../../app/routes';
import { startSession } from '../../app/session';
import { AuthCard } from '../../components/AuthCard';
import { AuthFooterLink, AuthForm, AuthSubmit } from '../../components/AuthForm';
import { LoadingScreen } from '../../components/LoadingScreen';

const shake = keyframes`
  10%, 90% { transform: translateX(-2px); }
  20%, 80% { transform: translateX(4px); }
  30%, 50%, 70% { transform: translateX(-8px); }
  40%, 60% { transform: translateX(8px); }
`;

type Failure = 'credentials' | 'rate-limited' | 'unexpected';

export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { data: config } = useConfig();
  const signIn = useSignIn();
  const [failure, setFailure] = useState<Failure | null>(null);
  const state = (location.state ?? {}) as SignInState;

  // Plain state rather than react-hook-form + zod: the only rule (both present, spec §5) does not
  // justify loading ~40 KB of form and schema code on the first screen most visitors see.
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const region = (searchParams.get('region') ?? config?.sign_in_region ?? '').trim().toLowerCase();
  const canada = region === 'ca';

  const canSubmit = username.trim() !== '' && password !== '' && !signIn.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    // The failed flag is cleared at the start of each attempt and set on any error (spec §4).
    setFailure(null);
    try {
      const result = await signIn.mutateAsync({ username: username.trim(), password });
      const outcome = await startSession(result);
      if (outcome === 'not-licensed') navigate(ROUTES['not-licensed'], { replace: true });
      else navigate(safeReturnPath(state.from) ?? ROUTES.dashboard, { replace: true });
    } catch (error) {
      if (isApiError(error, 400) && error.code === 'invalid_grant') setFailure('credentials');
      else if (isApiError(error, 429)) setFailure('rate-limited');
      else {
        console.error(error);
        setFailure('unexpected');
      }
    }
  };

  const failureText =
    failure === 'credentials'
      ? t('sign-in.error')
      : failure === 'rate-limited'
        ? t('sign-in.too-many-attempts')
        : failure === 'unexpected'
          ? t('sign-in.unexpected-error')
          : null;
  return (
    <AuthCard heading={t('sign-in.heading')}>
      {canada && (
        <Alert severity="info" data-testid="sign-in-canada" sx={{ mb: 2 }}>
          <AlertTitle>{t('sign-in.canada-heading')}</AlertTitle>
          {t('sign-in.canada-text')}
        </Alert>
      )}
      {state.passwordChanged && !failure && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('reset-password.edit.success-heading')}
        </Alert>
      )}
      <AuthForm
        label={t('sign-in.form-label')}
        onSubmit={onSubmit}
        data-failed={failure ? 'true' : undefined}
        sx={{
          animation: failure ? `${shake} 0.6s cubic-bezier(.36,.07,.19,.97) both` : 'none',
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      >
        {failureText && (
          <Alert severity="error" role="alert" data-testid="sign-in-error" sx={{ mb: 1 }}>
            {failureText}
          </Alert>
        )}
        <TextField
          id="sign-in-username"
          name="username"
          label={t('sign-in.email')}
          type="email"
          autoComplete="username"
          autoFocus
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          slotProps={{ htmlInput: { 'aria-required': true } }}
        />
        <TextField
          id="sign-in-password"
          name="password"
          label={t('sign-in.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          slotProps={{ htmlInput: { 'aria-required': true } }}
        />
        <AuthSubmit disabled={!canSubmit}>{t('sign-in.submit')}</AuthSubmit>
        <AuthFooterLink to={ROUTES['reset-password.index']}>{t('sign-in.forgot-password')}</AuthFooterLink>
      </AuthForm>
      {signIn.isPending && <LoadingScreen overlay label={t('sign-in.signing-in')} />}
    </AuthCard>
  );
}
