import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { APP_SLUG, inviteStatusOf, type OrganizationRole } from '@school-portal/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../api/client';
import {
  type OrganizationDetail,
  useOrganization,
  useOrganizationProjectList,
  useOrganizationUsers,
} from '../../api/organizations';
import { useCan } from '../../app/can';
import { ROUTES, routePath } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { Page } from '../../components/Page';
import { type QueryLike, QueryState } from '../../components/QueryState';
import { RecordPage } from '../../components/RecordPage';
import { RouterLink } from '../../components/RouterLink';
import { SectionCard } from '../../components/Section';
import { DetailList } from './DetailList';
import { EditOrganizationDialog } from './EditOrganizationDialog';
import { NewTabNote } from './NewTabNote';
import { useRoleLabel } from './roleLabel';
import { SectionNav, type SectionNavItem } from './SectionNav';

function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <NewTabNote />
    </Link>
  );
}

function Details({ organization }: { organization: OrganizationDetail }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const notSet = (
    <Typography component="span" color="text.secondary">
      {t('common.not-set')}
    </Typography>
  );
  return (
    <SectionCard title={t('organization.details')} id="organization-details">
      <DetailList
        rows={[
          { key: 'name', label: t('organization.name'), value: organization.name || notSet },
          { key: 'role', label: t('organization.role'), value: roleLabel(organization.role) },
          {
            key: 'short-code',
            label: t('organization.short-code'),
            value: organization.short_code || notSet,
          },
          {
            key: 'contact-name',
            label: t('organization.contact-name'),
            value: organization.contact_name || notSet,
          },
          {
            key: 'contact-phone',
            label: t('organization.contact-phone'),
            value: organization.contact_phone ? (
              <Link href={`tel:${organization.contact_phone}`}>{organization.contact_phone}</Link>
            ) : (
              notSet
            ),
          },
          {
            key: 'contact-email',
            label: t('organization.contact-email'),
            value: organization.contact_email ? (
              <Link href={`mailto:${organization.contact_email}`}>{organization.contact_email}</Link>
            ) : (
              notSet
            ),
          },
          {
            key: 'logo',
            label: t('organization.logo'),
            value: organization.logo_url ? (
              <Box
                component="img"
                src={organization.logo_url}
                alt={t('organization.logo-alt', { name: organization.name })}
                sx={{ maxWidth: 240, maxHeight: 120, objectFit: 'contain', display: 'block' }}
              />
            ) : (
              <Typography component="span" color="text.secondary">
                {t('organization.no-logo')}
              </Typography>
            ),
          },
        ]}
      />
    </SectionCard>
  );
}

/** A titled list of the support card (its links, its contacts), left out when it has no entries. */
function SupportList<T extends { id: string }>({
  title,
  items,
  children,
}: {
  title: string;
  items: readonly T[];
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <>
      <Typography variant="h3" component="h3" sx={{ mt: 3 }}>
        {title}
      </Typography>
      <List dense aria-label={title}>
        {items.map((item) => (
          <ListItem key={item.id} disableGutters>
            {children(item)}
          </ListItem>
        ))}
      </List>
    </>
  );
}

function Support({ organization }: { organization: OrganizationDetail }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('organization.support')} id="organization-support">
      <DetailList
        rows={[
          {
            key: 'support-url',
            label: t('organization.main-support-url'),
            value: organization.support_url ? (
              <External href={organization.support_url}>{organization.support_url}</External>
            ) : (
              <Typography component="span" color="text.secondary" data-testid="no-support-url">
                {t('organization.no-support-url')}
              </Typography>
            ),
          },
        ]}
      />
      <SupportList title={t('organization.support-links')} items={organization.support_links}>
        {(link) => <External href={link.external_url}>{link.label}</External>}
      </SupportList>
      <SupportList title={t('organization.support-contacts')} items={organization.support_contacts}>
        {(contact) => (
          <ListItemText
            primary={[contact.label, contact.name].filter(Boolean).join(': ')}
            secondary={[contact.email, contact.phone_number_formatted ?? contact.phone_number]
              .filter(Boolean)
              .join(' · ')}
          />
        )}
      </SupportList>
    </SectionCard>
  );
}

interface LinkItem {
  key: string;
  to: string;
  text: string;
  secondary: string;
}

/**
 * A card of the organization's records, its users or its projects: each a link with a line below it.
 * Both are worded alike under `organization.<kind>` (the heading, "-load-failed", "-empty").
 */
function LinkListSection<T>({
  kind,
  query,
  itemOf,
}: {
  kind: 'users' | 'projects';
  query: QueryLike<T[]>;
  itemOf: (record: T) => LinkItem;
}) {
  const { t } = useTranslation();
  const title = t(`organization.${kind}`);
  return (
    <SectionCard title={title} id={`organization-${kind}-heading`}>
      <QueryState
        query={query}
        errorMessage={t(`organization.${kind}-load-failed`)}
        isEmpty={(data) => data.length === 0}
        emptyMessage={t(`organization.${kind}-empty`)}
      >
        {(data) => (
          <List aria-label={title} data-testid={`organization-${kind}`}>
            {data.map(itemOf).map((item) => (
              <ListItem key={item.key} divider disableGutters>
                <ListItemText
                  primary={<RouterLink to={item.to}>{item.text}</RouterLink>}
                  secondary={item.secondary}
                />
              </ListItem>
            ))}
          </List>
        )}
      </QueryState>
    </SectionCard>
  );
}

function Users({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const users = useOrganizationUsers(organizationId);
  const statusLabel = {
    accepted: t('users.invite-accepted'),
    sent: t('users.invite-sent'),
    'not-sent': t('users.invite-not-sent'),
  } as const;
  return (
    <LinkListSection
      kind="users"
      query={users}
      itemOf={(user) => ({
        key: user.id,
        to: routePath('user.index', { userId: user.id }),
        text: user.name || t('common.missing-name'),
        secondary: `${user.email} · ${t('users.invite-status')}: ${statusLabel[inviteStatusOf(user)]}`,
      })}
    />
  );
}

function Projects({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const projects = useOrganizationProjectList(organizationId);
  return (
    <LinkListSection
      kind="projects"
      query={projects}
      itemOf={(project) => ({
        key: project.id,
        to: routePath('project.index', { projectId: project.id }),
        text: project.short_code ? `${project.name} (${project.short_code})` : project.name,
        secondary: project.season_name ?? t('organization.no-season'),
      })}
    />
  );
}

/** One organization: details, support, its users and its projects. */
export function OrganizationPage() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const can = useCan();
  const user = useSessionUser();
  const organization = useOrganization(organizationId);
  const [editing, setEditing] = useState(false);
  // What this caller may do here follows the server's policies (packages/domain policies.ts), once the
  // organization is known; error and loading states offer nothing that leads nowhere.
  const target = organization.data
    ? {
        id: organization.data.id,
        role: organization.data.role as OrganizationRole,
        placement: (organizationId === user.current_account?.organization_id ? 'own' : 'sub') as
          | 'own'
          | 'sub',
      }
    : null;
  const canEdit = !!target && can('organization.update', target);

  const nav: SectionNavItem[] = [];
  if (can('organization.list-children')) {
    nav.push({ key: 'all', label: t('organizations.all'), to: ROUTES['organizations.index'] });
  }
  // The New User screen makes users of this app, without "enable for all apps" unless chosen there.
  if (target && can('user.create', { ...target, plic_app_id: APP_SLUG, enable_for_all_apps: false })) {
    nav.push({
      key: 'new-user',
      label: t('users.new'),
      to: `${ROUTES['users.new']}?${new URLSearchParams({ organizationId })}`,
    });
  }
  const subnav = <SectionNav label={t('organization.section-nav')} items={nav} />;

  return (
    <RecordPage
      query={organization}
      title={t('organization.heading')}
      nav={subnav}
      errorMessage={t('organization.load-failed')}
      missingMessage={(error) =>
        isApiError(error, 404)
          ? t('organization.not-found')
          : isApiError(error, 403)
            ? t('organization.forbidden')
            : null
      }
    >
      {(data) => (
        <Page
          title={data.name || t('common.missing-name')}
          actions={
            canEdit ? (
              <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                {t('organization-edit.open')}
              </Button>
            ) : undefined
          }
        >
          {subnav}
          {canEdit && (
            <EditOrganizationDialog organization={data} open={editing} onClose={() => setEditing(false)} />
          )}
          <Stack spacing={2}>
            <Details organization={data} />
            <Support organization={data} />
            <Users organizationId={data.id} />
            <Projects organizationId={data.id} />
          </Stack>
        </Page>
      )}
    </RecordPage>
  );
}
