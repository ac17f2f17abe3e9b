import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Account, accountBreadcrumb, inviteStatusOf, type User } from '@school-portal/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useSendInvite, useUser } from '../../api/users';
import { useCan, useOwnOrganization } from '../../app/can';
import { routePath } from '../../app/routes';
import { EmptyState } from '../../components/EmptyState';
import { useNotify } from '../../components/Notifications';
import { Page } from '../../components/Page';
import { RecordPage } from '../../components/RecordPage';
import { RouterLink } from '../../components/RouterLink';
import { SectionCard } from '../../components/Section';
import { DetailList } from '../organizations/DetailList';
import { DeleteUserAction } from './DeleteUserAction';
import { formatAbsolute, formatRelative, useNow } from './relativeTime';
import { UsersNav } from './UsersNav';

/** Not sent / sent (time, Send Again) / accepted (time); times refresh every second. */
function InviteStatusView({ user, canSendInvites }: { user: User; canSendInvites: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const invite = useSendInvite(user.id);
  const status = inviteStatusOf(user);
  const now = useNow(1000, status !== 'not-sent');
  // Spec §4: after an invite call succeeds or fails the send button becomes disabled.
  const called = invite.isSuccess || invite.isError;

  const send = () => {
    invite.mutate(undefined, {
      onSuccess: (updated) =>
        notify({
          message: t('users.invited-notification', { email: updated.email || user.email }),
          severity: 'success',
          autoHide: false,
        }),
      // Spec §8: the failure is shown in success style and stays until closed.
      onError: () =>
        notify({ message: t('users.invited-failed-notification'), severity: 'success', autoHide: false }),
    });
  };

  const at =
    status === 'accepted' ? user.invitation_accepted_at : status === 'sent' ? user.invitation_sent_at : null;
  let text: ReactNode = t('user.not-sent');
  if (at) {
    const time = formatRelative(at, now);
    text = (
      <time dateTime={at} title={formatAbsolute(at)}>
        {status === 'accepted' ? t('user.accepted', { time }) : t('user.sent', { time })}
      </time>
    );
  }

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography component="span" data-testid="invite-status">
        {text}
      </Typography>
      {canSendInvites && status !== 'accepted' && (
        <Button variant="outlined" size="small" onClick={send} disabled={invite.isPending || called}>
          {invite.isPending
            ? t('user.sending')
            : status === 'sent'
              ? t('user.send-again')
              : t('user.send-invite')}
        </Button>
      )}
      {!canSendInvites && status !== 'accepted' && (
        // Sending invites is the studio or lab managers' (spec §6): say who does it, not a dead end.
        <Typography component="span" variant="body2" color="text.secondary" data-testid="invite-by-manager">
          {t('user.invite-by-manager')}
        </Typography>
      )}
    </Box>
  );
}

function AccountsList({ accounts }: { accounts: Account[] }) {
  const { t } = useTranslation();
  const can = useCan();
  const own = useOwnOrganization();
  if (accounts.length === 0) return <EmptyState message={t('user.accounts-empty')} />;
  return (
    <List aria-label={t('user.accounts')} data-testid="user-accounts">
      {accounts.map((account) => {
        const crumbs = accountBreadcrumb(account.organization).join(' › ');
        const canShow = can('organization.show', {
          id: account.organization_id,
          role: account.organization.role,
          placement: account.organization_id === own?.id ? 'own' : 'sub',
        });
        return (
          <ListItem key={account.id} divider disableGutters>
            <ListItemText
              primary={
                canShow ? (
                  <RouterLink
                    to={routePath('organization.index', { organizationId: account.organization_id })}
                  >
                    {crumbs}
                  </RouterLink>
                ) : (
                  crumbs
                )
              }
              secondary={
                account.enabled_for_school_portal
                  ? t('user.school-portal-enabled')
                  : t('user.school-portal-disabled')
              }
            />
            <Stack direction="row" spacing={1}>
              {account.is_default && <Chip size="small" label={t('user.default')} />}
              {account.is_current && <Chip size="small" color="primary" label={t('user.current')} />}
            </Stack>
          </ListItem>
        );
      })}
    </List>
  );
}

/** A user's page once loaded: the details card, the accounts card and Delete User. */
function UserView({ user: data }: { user: User }) {
  const { t } = useTranslation();
  const can = useCan();
  const rows = [
    { key: 'name', label: t('user.name'), value: data.name || t('common.missing-name') },
    {
      key: 'email',
      label: t('user.email'),
      value: <Link href={`mailto:${data.email}`}>{data.email}</Link>,
    },
    {
      key: 'invite-status',
      label: t('user.invite-status'),
      value: <InviteStatusView user={data} canSendInvites={can('user.invite')} />,
    },
  ];
  if (data.plic_user_admin_url) {
    rows.push({
      key: 'admin-url',
      label: t('user.admin-url'),
      value: (
        <Link href={data.plic_user_admin_url} target="_blank" rel="noopener noreferrer">
          {t('user.admin-link')}
        </Link>
      ),
    });
  }

  return (
    <Page title={data.name || t('common.missing-name')}>
      <UsersNav />
      <Stack spacing={2}>
        <SectionCard id="user-details" title={t('user.details')}>
          <DetailList rows={rows} />
        </SectionCard>
        <SectionCard id="user-accounts-heading" title={t('user.accounts')} headingGap={1}>
          <AccountsList accounts={data.accounts ?? []} />
        </SectionCard>
        <Box>
          <DeleteUserAction user={data} />
        </Box>
      </Stack>
    </Page>
  );
}

/** One user: name, e-mail, invite status with the send action, admin link and accounts. */
export function UserPage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const user = useUser(userId);

  return (
    <RecordPage
      query={user}
      title={t('user.title')}
      nav={<UsersNav />}
      failedNav={<UsersNav offerNew={false} />}
      errorMessage={t('user.load-failed')}
      missingMessage={(error) =>
        isApiError(error, 404) || isApiError(error, 403) ? t('user.not-found') : null
      }
    >
      {(data) => <UserView user={data} />}
    </RecordPage>
  );
}
