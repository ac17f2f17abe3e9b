import ChatIcon from '@mui/icons-material/Chat';
import EmailIcon from '@mui/icons-material/Email';
import LaunchIcon from '@mui/icons-material/Launch';
import PhoneIcon from '@mui/icons-material/Phone';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/config';
import { type SupportContact, useOrganizationSupport } from '../../api/organizations';
import { useCan } from '../../app/can';
import { useSessionUser } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { NewTabNote } from '../organizations/NewTabNote';

function ContactCard({ contact }: { contact: SupportContact }) {
  const { t } = useTranslation();
  const who = contact.name || contact.label;
  const phone = contact.phone_number_formatted || contact.phone_number;
  return (
    <Card variant="outlined" data-testid="support-contact" sx={{ width: '100%' }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary" component="p">
          {contact.label}
        </Typography>
        {contact.name && (
          <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
            {contact.name}
          </Typography>
        )}
        {contact.email && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <IconButton
              size="small"
              component="a"
              href={`mailto:${contact.email}`}
              aria-label={t('support.mail', { name: who })}
            >
              <EmailIcon fontSize="small" />
            </IconButton>
            <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
          </Box>
        )}
        {phone && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <IconButton
              size="small"
              component="a"
              href={`tel:${contact.phone_number ?? phone}`}
              aria-label={t('support.call', { name: who })}
            >
              <PhoneIcon fontSize="small" />
            </IconButton>
            <Link href={`tel:${contact.phone_number ?? phone}`}>{phone}</Link>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** A button that opens `href` in a new tab, and says so to screen readers. */
function NewTabButton(props: {
  href: string;
  variant: 'contained' | 'outlined';
  icon: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button
      variant={props.variant}
      startIcon={props.icon}
      href={props.href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={props.testId}
    >
      {props.children}
      <NewTabNote />
    </Button>
  );
}

/**
 * Support (spec §2): the links and contacts of the current organization's parent for this app, the
 * support chat when allowed and configured, and the companion app when allowed and configured.
 */
export function SupportPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const can = useCan();
  const { data: config } = useConfig();
  const organizationId = user.current_account?.organization_id ?? null;
  const support = useOrganizationSupport(organizationId);

  const chatUrl = can('support.chat') ? (config?.support_chat_url ?? null) : null;
  const companionUrl = can('companion-app.open') ? (config?.companion_app_url ?? null) : null;
  const actions =
    chatUrl || companionUrl ? (
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {chatUrl && (
          <NewTabButton href={chatUrl} variant="contained" icon={<ChatIcon />} testId="support-chat">
            {t('support.chat')}
          </NewTabButton>
        )}
        {companionUrl && (
          <NewTabButton href={companionUrl} variant="outlined" icon={<LaunchIcon />} testId="companion-app">
            {t('support.companion-app')}
          </NewTabButton>
        )}
      </Stack>
    ) : undefined;

  const content = !organizationId ? (
    <EmptyState message={t('support.empty')} />
  ) : (
    <QueryState query={support} errorMessage={t('support.load-failed')}>
      {(data) => {
        const { organization, support_links: links, support_contacts: contacts } = data;
        return (
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="support-provider">
              {t('support.intro', { name: organization.name || t('common.missing-name') })}
            </Typography>
            {links.length === 0 && contacts.length === 0 ? (
              <EmptyState message={t('support.empty')} />
            ) : (
              <Stack spacing={3}>
                {links.length > 0 && (
                  <Box component="section" aria-labelledby="support-links">
                    <Typography variant="h2" component="h2" id="support-links" sx={{ mb: 1 }}>
                      {t('support.links')}
                    </Typography>
                    <List aria-labelledby="support-links" data-testid="support-links">
                      {links.map((link) => (
                        <ListItem key={link.id} disableGutters>
                          <Link href={link.external_url} target="_blank" rel="noopener noreferrer">
                            {link.label}
                            <NewTabNote />
                          </Link>
                        </ListItem>
                      ))}
                    </List>
                  </Box>
                )}
                {contacts.length > 0 && (
                  <Box component="section" aria-labelledby="support-contacts">
                    <Typography variant="h2" component="h2" id="support-contacts" sx={{ mb: 1 }}>
                      {t('support.contacts')}
                    </Typography>
                    <Grid
                      container
                      spacing={2}
                      component="ul"
                      aria-labelledby="support-contacts"
                      sx={{ listStyle: 'none', p: 0, m: 0 }}
                    >
                      {contacts.map((contact) => (
                        <Grid
                          key={contact.id}
                          component="li"
                          size={{ xs: 12, sm: 6, md: 4 }}
                          sx={{ display: 'flex' }}
                        >
                          <ContactCard contact={contact} />
                        </Grid>
                      ))}
                    </Grid>
                  </Box>
                )}
              </Stack>
            )}
          </>
        );
      }}
    </QueryState>
  );

  return (
    <Page title={t('support.heading')} actions={actions}>
      {content}
    </Page>
  );
}
