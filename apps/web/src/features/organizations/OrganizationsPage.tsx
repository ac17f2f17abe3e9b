import EmailIcon from '@mui/icons-material/Email';
import InfoIcon from '@mui/icons-material/Info';
import PhoneIcon from '@mui/icons-material/Phone';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { type Organization, useSubOrganizationsPage } from '../../api/organizations';
import { subOrganization, useCan } from '../../app/can';
import { ROUTES, routePath } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { SearchField } from '../../components/ListFilters';
import { PagedListPage } from '../../components/PagedListPage';
import { RouterLink } from '../../components/RouterLink';
import { ActionsCell } from '../../components/table/ActionsCell';
import { useKeywordInput, useListParams } from './listState';
import { OrganizationsNav } from './OrganizationsNav';

/** Calls or writes to a contact (the address as its tooltip); disabled when there is no address. */
function ContactButton(props: {
  scheme: 'tel' | 'mailto';
  address: string | null;
  label: string;
  icon: ReactNode;
}) {
  return (
    <IconButton
      component="a"
      href={props.address ? `${props.scheme}:${props.address}` : undefined}
      disabled={!props.address}
      aria-label={props.label}
      title={props.address ?? undefined}
    >
      {props.icon}
    </IconButton>
  );
}

function OrganizationRow({ organization, canShow }: { organization: Organization; canShow: boolean }) {
  const { t } = useTranslation();
  const name = organization.name.trim() || t('common.missing-name');
  const to = routePath('organization.index', { organizationId: organization.id });
  return (
    <TableRow hover data-testid="organization-row">
      <TableCell component="th" scope="row">
        {canShow ? <RouterLink to={to}>{name}</RouterLink> : name}
      </TableCell>
      <TableCell>{organization.contact_name || '—'}</TableCell>
      <ActionsCell>
        <ContactButton
          scheme="tel"
          address={organization.contact_phone}
          label={t('organizations.call', { name })}
          icon={<PhoneIcon />}
        />
        <ContactButton
          scheme="mailto"
          address={organization.contact_email}
          label={t('organizations.mail', { name })}
          icon={<EmailIcon />}
        />
        {canShow ? (
          <IconButton component={Link} to={to} aria-label={t('organizations.info', { name })}>
            <InfoIcon />
          </IconButton>
        ) : (
          <IconButton disabled aria-label={t('organizations.info', { name })}>
            <InfoIcon />
          </IconButton>
        )}
      </ActionsCell>
    </TableRow>
  );
}

/** The organizations below the current account's, every level, with keyword search and paging. */
export function OrganizationsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const can = useCan();
  const organizationId = user.current_account?.organization_id ?? null;
  const { page, keyword, update, setPage } = useListParams();
  const { text, setText } = useKeywordInput(keyword, update);
  const allowed = can('organization.list-children');
  const list = useSubOrganizationsPage(allowed ? organizationId : null, { page, keyword });

  // Spec §2: organizations redirects home when listing is not permitted.
  if (can.ready && !allowed) return <Navigate to={ROUTES.root} replace />;

  return (
    <PagedListPage
      words="organizations"
      nav={<OrganizationsNav />}
      above={
        <Box role="search" sx={{ maxWidth: 420 }}>
          <SearchField
            id="organizations-search"
            label={t('organizations.search')}
            value={text}
            onChange={setText}
          />
        </Box>
      }
      query={list}
      rowsOf={(data) => data.organizations}
      onPage={setPage}
      columns={[
        t('organizations.name'),
        t('organizations.contact-name'),
        { label: t('organizations.actions'), actions: true },
      ]}
    >
      {(organization) => (
        <OrganizationRow
          key={organization.id}
          organization={organization}
          canShow={can('organization.show', subOrganization(organization))}
        />
      )}
    </PagedListPage>
  );
}
