import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { type Account, accountBreadcrumb } from '@school-portal/domain';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { SwitchAccountError, useCurrentUser, useSwitchAccount } from '../../api/users';
import { useCan } from '../../app/can';
import { ROUTES } from '../../app/routes';
import { AuthCard } from '../../components/AuthCard';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingScreen } from '../../components/LoadingScreen';
import { SignOutButton } from '../../components/SignOutButton';

function AccountLabel({
  account,
  isDefault,
  isCurrent,
}: {
  account: Account;
  isDefault: boolean;
  isCurrent: boolean;
}) {
  const { t } = useTranslation();
  const names = accountBreadcrumb(account.organization);
  const crumbs = names.map((name, index) => ({ name, last: index === names.length - 1 }));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', width: '100%' }}>
      <Breadcrumbs component="div" sx={{ flexGrow: 1 }} data-testid="account-breadcrumb">
        {crumbs.map((crumb) => (
          <Typography
            key={crumb.last ? 'organization' : 'parent'}
            color={crumb.last ? 'text.primary' : 'text.secondary'}
            sx={{ fontWeight: crumb.last ? 600 : 400 }}
          >
            {crumb.name}
          </Typography>
        ))}
      </Breadcrumbs>
      {isDefault && <Chip size="small" label={t('switch-accounts.default')} />}
      {isCurrent && <Chip size="small" color="primary" label={t('switch-accounts.current')} />}
    </Box>
  );
}

export function SwitchAccountsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const can = useCan();
  const switchAccount = useSwitchAccount();

  if (user.isPending) return <LoadingScreen />;
  if (can.ready && !can('current-user.list-accounts')) return <Navigate to={ROUTES.root} replace />;

  const accounts = (user.data?.accounts ?? []).filter((account) => account.enabled_for_school_portal);
  const switchError = switchAccount.error
    ? switchAccount.error instanceof SwitchAccountError
      ? t(switchAccount.error.translationKey)
      : t('switch-accounts.errors.failed')
    : null;

  return (
    <AuthCard heading={t('switch-accounts.heading')}>
      {user.isError || !user.data?.accounts ? (
        <ErrorState message={t('switch-accounts.load-failed')} onRetry={() => void user.refetch()} />
      ) : accounts.length === 0 ? (
        <EmptyState message={t('switch-accounts.empty')} />
      ) : (
        <>
          <Typography sx={{ mb: 1 }}>{t('switch-accounts.intro')}</Typography>
          {switchError && (
            <Alert severity="error" role="alert" sx={{ mb: 1 }}>
              {switchError}
            </Alert>
          )}
          <List aria-label={t('switch-accounts.list-label')} data-testid="accounts" sx={{ mx: -1 }}>
            {accounts.map((account) => (
              <ListItem key={account.id} disablePadding>
                <ListItemButton
                  disabled={switchAccount.isPending}
                  onClick={() =>
                    switchAccount.mutate(account.id, {
                      onSuccess: () => navigate(ROUTES.dashboard, { replace: true }),
                    })
                  }
                  sx={{ borderRadius: 1 }}
                >
                  <AccountLabel
                    account={account}
                    isDefault={account.is_default || account.id === user.data.default_account_id}
                    isCurrent={account.is_current || account.id === user.data.current_account_id}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </>
      )}
      <Box sx={{ mt: 2 }}>
        <SignOutButton variant="contained" fullWidth size="large" />
      </Box>
      <Divider sx={{ my: 2 }}>{t('common.or')}</Divider>
      <Button component={Link} to={ROUTES.dashboard} fullWidth>
        {t('switch-accounts.return')}
      </Button>
      {switchAccount.isPending && <LoadingScreen overlay label={t('switch-accounts.switching')} />}
    </AuthCard>
  );
}
