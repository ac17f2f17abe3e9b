import EmailIcon from '@mui/icons-material/Email';
import InfoIcon from '@mui/icons-material/Info';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import {
  INVITE_STATUS_FILTERS,
  type InviteStatus,
  inviteStatusOf,
  SCHOOL_PORTAL_PERMISSION_FILTERS,
} from '@school-portal/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../api/config';
import { type AccountRow, type AccountsParams, useAccountsPage } from '../../api/organizations';
import { useCan } from '../../app/can';
import { routePath } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { FilterSelect, FiltersBar, SearchField } from '../../components/ListFilters';
import { Page } from '../../components/Page';
import { RouterLink } from '../../components/RouterLink';
import { ActionsCell } from '../../components/table/ActionsCell';
import { PagedListTable } from '../../components/table/ListTable';
import { useKeywordInput, useListParams } from '../organizations/listState';
import { UsersNav } from './UsersNav';

const FILTERS = ['permission', 'invite'] as const;

function usePermissionLabel() {
  const { t } = useTranslation();
  return (permission: AccountRow['school_portal_permission']) =>
    permission === 'allowed' ? t('users.permission-allowed') : t('users.permission-not-allowed');
}

export function useInviteStatusLabel() {
  const { t } = useTranslation();
  return (status: InviteStatus) =>
    status === 'accepted'
      ? t('users.invite-accepted')
      : status === 'sent'
        ? t('users.invite-sent')
        : t('users.invite-not-sent');
}

function AccountRowView({ account, adminUrl }: { account: AccountRow; adminUrl: string | null }) {
  const { t } = useTranslation();
  const permissionLabel = usePermissionLabel();
  const inviteLabel = useInviteStatusLabel();
  const user = account.user;
  const name = user?.name?.trim() || t('common.missing-name');
  const status = user ? inviteStatusOf(user) : 'not-sent';
  const userPath = routePath('user.index', { userId: account.user_id });
  const admin = adminUrl ? adminUrl.replace('{id}', encodeURIComponent(account.user_id)) : null;
  return (
    <TableRow hover data-testid="account-row">
      <TableCell component="th" scope="row">
        <RouterLink to={userPath}>{name}</RouterLink>
        {user?.email && (
          <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.85em' }}>
            {user.email}
          </Box>
        )}
      </TableCell>
      <TableCell>{account.organization?.name || t('common.missing-name')}</TableCell>
      <TableCell>
        <Chip
          size="small"
          variant="outlined"
          color={account.school_portal_permission === 'allowed' ? 'success' : 'default'}
          label={permissionLabel(account.school_portal_permission)}
        />
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          variant="outlined"
          color={status === 'accepted' ? 'success' : status === 'sent' ? 'info' : 'default'}
          label={inviteLabel(status)}
          data-testid="invite-status"
        />
      </TableCell>
      <ActionsCell>
        <IconButton component={Link} to={userPath} aria-label={t('users.info', { name })}>
          <InfoIcon />
        </IconButton>
        <IconButton
          component="a"
          href={user?.email ? `mailto:${user.email}` : undefined}
          disabled={!user?.email}
          aria-label={t('users.mail', { name })}
        >
          <EmailIcon />
        </IconButton>
        {admin && (
          <IconButton
            component="a"
            href={admin}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('users.admin', { name })}
          >
            <OpenInNewIcon />
          </IconButton>
        )}
      </ActionsCell>
    </TableRow>
  );
}

function isPermission(value: string): value is AccountsParams['permission'] {
  return (SCHOOL_PORTAL_PERMISSION_FILTERS as readonly string[]).includes(value);
}
function isInvite(value: string): value is AccountsParams['invite'] {
  return (INVITE_STATUS_FILTERS as readonly string[]).includes(value);
}

/** All Users: the accounts of the current organization and every one below, filtered and paged. */
export function UsersPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const can = useCan();
  const { data: config } = useConfig();
  const organizationId = user.current_account?.organization_id ?? null;
  const { page, keyword, values, update, setPage } = useListParams(FILTERS);
  const { text, setText } = useKeywordInput(keyword, update);
  const permissionLabel = usePermissionLabel();
  const inviteLabel = useInviteStatusLabel();
  const params: AccountsParams = {
    page,
    keyword,
    permission: isPermission(values.permission) ? values.permission : '',
    invite: isInvite(values.invite) ? values.invite : '',
  };
  const accounts = useAccountsPage(organizationId, params);
  const adminUrl = can('user.admin-link') && config?.admin_user_url ? config.admin_user_url : null;

  const content = !organizationId ? (
    <EmptyState message={t('users.empty')} />
  ) : (
    <PagedListTable
      words="users"
      query={accounts}
      rowsOf={(data) => data.accounts}
      onPage={setPage}
      columns={[
        t('users.name'),
        t('users.organization'),
        t('users.permission'),
        t('users.invite-status'),
        { label: t('users.actions'), actions: true },
      ]}
    >
      {(account) => <AccountRowView key={account.id} account={account} adminUrl={adminUrl} />}
    </PagedListTable>
  );

  const filter = <V extends string>(
    key: (typeof FILTERS)[number],
    label: string,
    choices: readonly V[],
    choiceLabel: (value: V) => string,
  ) => (
    <FilterSelect
      id={`users-filter-${key}`}
      label={label}
      value={params[key]}
      options={choices.map((value) => [value, choiceLabel(value)] as const)}
      onChange={(value) => update({ [key]: value })}
      sx={{ flex: '1 1 200px' }}
    />
  );

  return (
    <Page title={t('users.heading')}>
      <UsersNav />
      <FiltersBar label={t('users.filters')}>
        <SearchField
          id="users-search"
          label={t('users.search')}
          value={text}
          onChange={setText}
          sx={{ flex: '2 1 260px' }}
        />
        {filter('permission', t('users.permission'), SCHOOL_PORTAL_PERMISSION_FILTERS, permissionLabel)}
        {filter('invite', t('users.invite-status'), INVITE_STATUS_FILTERS, inviteLabel)}
      </FiltersBar>
      {content}
    </Page>
  );
}
