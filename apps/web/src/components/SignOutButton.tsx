import Button, { type ButtonProps } from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignOut } from '../api/auth';
import { ROUTES } from '../app/routes';
import { LoadingScreen } from './LoadingScreen';

/** Revokes the token, forgets the session and goes to sign-in, with a loading screen meanwhile. */
export function SignOutButton(props: Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <>
      <Button
        {...props}
        disabled={signOut.isPending || props.disabled}
        onClick={() => {
          // mutateAsync settles even when this button unmounts as the session ends.
          void signOut.mutateAsync().finally(() => navigate(ROUTES['sign-in'], { replace: true }));
        }}
      >
        {t('nav.sign-out')}
      </Button>
      {signOut.isPending && <LoadingScreen overlay label={t('nav.signing-out')} />}
    </>
  );
}
