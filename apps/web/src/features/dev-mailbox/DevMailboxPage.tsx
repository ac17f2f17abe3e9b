import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/config';
import { useDevMailbox } from '../../api/devMailbox';
import { EmptyState } from '../../components/EmptyState';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { Linkified } from './Linkified';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** Development only: the e-mails the server has "sent", newest first, with clickable links. */
export function DevMailboxPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const enabled = config.data?.dev_mailbox ?? false;
  const mailbox = useDevMailbox(enabled);

  const list = (messages: NonNullable<typeof mailbox.data>) => (
    <Stack
      spacing={2}
      component="ol"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={t('dev-mailbox.heading')}
    >
      {messages.map((message) => (
        <Card component="li" variant="outlined" key={message.id} data-testid="mailbox-message">
          <CardContent>
            <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
              {message.subject}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('dev-mailbox.to')}: {message.to}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('dev-mailbox.sent-at')}:{' '}
              <time dateTime={message.created_at}>{dateTime.format(new Date(message.created_at))}</time>
            </Typography>
            <Box
              component="pre"
              sx={{
                whiteSpace: 'pre-wrap',
                fontFamily: 'inherit',
                m: 0,
                p: 2,
                bgcolor: 'action.hover',
                borderRadius: 1,
              }}
            >
              {message.text ? <Linkified text={message.text} /> : t('dev-mailbox.no-text')}
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
  const content = config.isPending ? (
    <LoadingScreen />
  ) : !enabled ? (
    <EmptyState message={t('dev-mailbox.unavailable')} />
  ) : (
    <QueryState
      query={mailbox}
      errorMessage={t('dev-mailbox.load-failed')}
      isEmpty={(messages) => messages.length === 0}
      emptyMessage={t('dev-mailbox.empty')}
    >
      {list}
    </QueryState>
  );

  return (
    <Page
      title={t('dev-mailbox.heading')}
      actions={
        enabled ? (
          <Button onClick={() => void mailbox.refetch()} disabled={mailbox.isFetching}>
            {t('common.refresh')}
          </Button>
        ) : undefined
      }
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('dev-mailbox.intro')}
      </Typography>
      {content}
    </Page>
  );
}
