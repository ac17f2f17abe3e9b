import EmailIcon from '@mui/icons-material/Email';
import InfoIcon from '@mui/icons-material/Info';
import PhoneIcon from '@mui/icons-material/Phone';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { type Organization, useSubOrganizationsPage } from '../../api/organizations';
import { useAbilities } from '../../api/users';
import { useCan } from '../../app/can';
import { ROUTES, routePath } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { RouterLink } from '../../components/RouterLink';
import { ActionsCell } from '../../components/table/ActionsCell';
import { useKeywordInput, useListParams } from './listState';
import { OrganizationsNav } from './OrganizationsNav';
import { Pager } from './Pager';

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
        <IconButton
          component="a"
          href={organization.contact_phone ? `tel:${organization.contact_phone}` : undefined}
          disabled={!organization.contact_phone}
          aria-label={t('organizations.call', { name })}
          title={organization.contact_phone ?? undefined}
        >
          <PhoneIcon />
        </IconButton>
        <IconButton
          component="a"
          href={organization.contact_email ? `mailto:${organization.contact_email}` : undefined}
          disabled={!organization.contact_email}
          aria-label={t('organizations.mail', { name })}
          title={organization.contact_email ?? undefined}
        >
          <EmailIcon />
        </IconButton>
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
  const abilities = useAbilities();
  const can = useCan();
  const organizationId = user.current_account?.organization_id ?? null;
  const { page, keyword, update } = useListParams();
  const { text, setText } = useKeywordInput(keyword, update);
  const allowed = can('organization.list-children');
  const list = useSubOrganizationsPage(allowed ? organizationId : null, { page, keyword });

  // Spec §2: organizations redirects home when listing is not permitted.
  if (abilities && !allowed) return <Navigate to={ROUTES.root} replace />;

  const content = (
    <QueryState
      query={list}
      errorMessage={t('organizations.load-failed')}
      isEmpty={(data) => data.organizations.length === 0}
      emptyMessage={t('organizations.empty')}
    >
      {(data) => (
        <>
          <TableContainer component={Paper} variant="outlined">
            {list.isPlaceholderData && <LinearProgress aria-hidden="true" />}
            <Table aria-label={t('organizations.list-label')} aria-busy={list.isPlaceholderData}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('organizations.name')}</TableCell>
                  <TableCell>{t('organizations.contact-name')}</TableCell>
                  <ActionsCell header>{t('organizations.actions')}</ActionsCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.organizations.map((organization) => (
                  <OrganizationRow
                    key={organization.id}
                    organization={organization}
                    canShow={!!abilities?.canShowOrganization(organization.id)}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Pager meta={data.meta} onPage={(next) => update({ page: next })} disabled={list.isFetching} />
        </>
      )}
    </QueryState>
  );

  return (
    <Page title={t('organizations.heading')}>
      <OrganizationsNav />
      <Box role="search" sx={{ maxWidth: 420 }}>
        <TextField
          id="organizations-search"
          type="search"
          label={t('organizations.search')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden="true" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {content}
    </Page>
  );
}
