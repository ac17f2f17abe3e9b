import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import TableViewIcon from '@mui/icons-material/TableView';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { routePath, useProjectId } from '../../app/routes';
import { Page } from '../../components/Page';
import { PageQueryState } from '../../components/PageQueryState';
import { LinkButton } from '../../components/RouterLink';
import { SectionCard } from '../../components/Section';
import { ListTable } from '../../components/table/ListTable';
import { formatAbsolute, useNow } from '../users/relativeTime';
import {
  deliveryRunning,
  downloadChangeList,
  downloadDelivery,
  useDeliveries,
  useDelivery,
  type YearbookDeliveryDetail,
} from './api';
import { DeliveryStatus } from './DeliveryStatus';
import { useCountsText, useDownloadedBy, useUserName } from './Ledger';

/** A term and its value in the delivery's facts. */
function Fact({ id, term, children }: { id: string; term: string; children: ReactNode }) {
  return (
    <Box data-testid={`yearbook-delivery-${id}`}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

function DeliveryDetail({ projectId, delivery }: { projectId: string; delivery: YearbookDeliveryDetail }) {
  const { t } = useTranslation();
  const now = useNow(1000, deliveryRunning(delivery));
  const nameOf = useUserName();
  const countsOf = useCountsText();
  const downloadedBy = useDownloadedBy();
  // The ledger names the delivery a changes one counts from by its number.
  const ledger = useDeliveries(delivery.since_delivery_id ? delivery.yearbook_target_id : '');
  const since = ledger.data?.find((d) => d.id === delivery.since_delivery_id);
  const [failed, setFailed] = useState<string | null>(null);
  const kind = t(`yearbook.kinds.${delivery.kind}`);
  const fileName = t('yearbook.delivery.change-list-file', {
    n: delivery.number,
    format: delivery.format_name,
  });
  const changeList = (type: 'csv' | 'pdf') => {
    setFailed(null);
    downloadChangeList(delivery, type, fileName).catch(() =>
      setFailed(t('yearbook.delivery.changes-download-failed')),
    );
  };

  return (
    <Page
      title={t('yearbook.delivery.heading', { n: delivery.number, kind })}
      actions={
        <LinkButton
          to={routePath('project.yearbook-target', { projectId, targetId: delivery.yearbook_target_id })}
        >
          {t('yearbook.delivery.back')}
        </LinkButton>
      }
    >
      <Stack spacing={3}>
        <SectionCard id="yearbook-delivery-facts" title={t('yearbook.delivery.facts-label')}>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
            }}
          >
            <Fact id="kind" term={t('yearbook.delivery.kind')}>
              {since ? `${kind} (${t('yearbook.delivery.since', { n: since.number })})` : kind}
            </Fact>
            <Fact id="when" term={t('yearbook.delivery.when')}>
              {formatAbsolute(delivery.created_at)}
            </Fact>
            <Fact id="by" term={t('yearbook.delivery.by')}>
              {nameOf(delivery.created_by_user)}
            </Fact>
            <Fact id="counts" term={t('yearbook.ledger.counts')}>
              {countsOf(delivery.kind, delivery.counts)}
            </Fact>
            <Fact id="downloads" term={t('yearbook.delivery.downloads')}>
              {downloadedBy(delivery)}
            </Fact>
            <Fact id="status" term={t('yearbook.delivery.status')}>
              <DeliveryStatus delivery={delivery} now={now} />
            </Fact>
          </Box>
          {delivery.download_path && (
            <Button
              variant="contained"
              startIcon={<DownloadIcon />}
              sx={{ mt: 2 }}
              onClick={() => {
                setFailed(null);
                downloadDelivery(delivery).catch(() => setFailed(t('yearbook.delivery.download-failed')));
              }}
            >
              {t('yearbook.delivery.download')}
            </Button>
          )}
        </SectionCard>
        {failed && (
          <Alert severity="error" role="alert">
            {failed}
          </Alert>
        )}
        <SectionCard id="yearbook-delivery-log" title={t('yearbook.delivery.log-heading')} headingGap={1}>
          <ListTable
            label={t('yearbook.delivery.log-label')}
            testId="yearbook-delivery-log"
            size="small"
            columns={[
              t('yearbook.delivery.log-who'),
              t('yearbook.delivery.log-what'),
              t('yearbook.delivery.log-when'),
            ]}
            rows={delivery.downloads}
            emptyMessage={t('yearbook.delivery.log-empty')}
          >
            {(download) => (
              <TableRow key={`${download.at}-${download.what}-${download.user?.id ?? ''}`}>
                <TableCell>{nameOf(download.user)}</TableCell>
                <TableCell>{t(`yearbook.delivery.what.${download.what}`)}</TableCell>
                <TableCell>{formatAbsolute(download.at)}</TableCell>
              </TableRow>
            )}
          </ListTable>
        </SectionCard>
        <SectionCard
          id="yearbook-delivery-changes"
          title={t('yearbook.delivery.changes-heading')}
          headingGap={1}
        >
          <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<TableViewIcon />} onClick={() => changeList('csv')}>
              {t('yearbook.delivery.changes-csv')}
            </Button>
            <Button variant="outlined" startIcon={<PictureAsPdfIcon />} onClick={() => changeList('pdf')}>
              {t('yearbook.delivery.changes-pdf')}
            </Button>
          </Stack>
          <ListTable
            label={t('yearbook.delivery.changes-label')}
            testId="yearbook-changes"
            size="small"
            columns={[
              t('yearbook.delivery.change'),
              t('yearbook.delivery.subject'),
              t('yearbook.delivery.details'),
            ]}
            rows={delivery.changes}
            emptyMessage={t('yearbook.delivery.changes-empty')}
          >
            {(change) => (
              <TableRow
                key={`${change.subject_id}-${change.kind}`}
                data-testid="yearbook-change"
                data-kind={change.kind}
              >
                <TableCell>{t(`yearbook.changes.${change.kind}`)}</TableCell>
                <TableCell component="th" scope="row">
                  {change.name}
                </TableCell>
                <TableCell>{change.text}</TableCell>
              </TableRow>
            )}
          </ListTable>
        </SectionCard>
      </Stack>
    </Page>
  );
}

/**
 * One delivery (/projects/:projectId/yearbook/deliveries/:deliveryId): its kind, when and by whom, what it
 * holds, its progress while it is prepared (polled), who downloaded it, Download once ready; and its
 * change list in plain words, as a table and as CSV and PDF.
 */
export function DeliveryPage() {
  const { t } = useTranslation();
  const projectId = useProjectId();
  const { deliveryId = '' } = useParams();
  const delivery = useDelivery(deliveryId);
  return (
    <PageQueryState
      query={delivery}
      title={t('yearbook.delivery.title')}
      errorMessage={t('yearbook.delivery.load-failed')}
      notFoundMessage={t('yearbook.delivery.not-found')}
    >
      {(data) => <DeliveryDetail projectId={projectId} delivery={data} />}
    </PageQueryState>
  );
}
