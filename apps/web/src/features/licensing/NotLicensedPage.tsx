import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { notLicensedRedirect } from '@school-portal/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useToken } from '../../api/token';
import { useCurrentUser } from '../../api/users';
import { useCan } from '../../app/can';
import { ROUTES } from '../../app/routes';
import { AuthCard } from '../../components/AuthCard';
import { LoadingScreen } from '../../components/LoadingScreen';
import { SignOutButton } from '../../components/SignOutButton';

/**
 * Explains the missing license and offers sign out. With a session it redirects as notLicensedRedirect
 * says: home when the current account is licensed after all, switch-accounts when the default account
 * is not enabled but another one is.
 */
export function NotLicensedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useToken();
  const user = useCurrentUser();
  const can = useCan();

  const redirect = user.data
    ? notLicensedRedirect({
        user: user.data,
        currentAccount: user.data.current_account,
        defaultAccountId: user.data.default_account_id,
        accounts: user.data.accounts ?? [],
      })
    : null;

  useEffect(() => {
    if (redirect === 'home') navigate(ROUTES.root, { replace: true });
    else if (redirect === 'switch-accounts') navigate(ROUTES['switch-accounts'], { replace: true });
  }, [redirect, navigate]);

  if ((token && user.isPending) || redirect) return <LoadingScreen />;

  return (
    <AuthCard heading={t('not-licensed.heading')}>
      <Box data-testid="not-licensed">
        <Typography sx={{ mb: 1 }}>{t('not-licensed.text')}</Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('not-licensed.help')}
        </Typography>
      </Box>
      <SignOutButton variant="contained" fullWidth size="large" />
      {can('current-user.list-accounts') && (
        <Button component={Link} to={ROUTES['switch-accounts']} fullWidth sx={{ mt: 1 }}>
          {t('not-licensed.switch-accounts')}
        </Button>
      )}
    </AuthCard>
  );
}
