import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../app/routes';
import { QueryState } from '../../components/QueryState';
import { SectionCard } from '../../components/Section';
import { ListTable } from '../../components/table/ListTable';
import { formatAbsolute, useNow } from '../users/relativeTime';
import { useYearbookAbilities } from './abilities';
import {
  type DeliveryCounts,
  type DeliveryKind,
  deliveryRunning,
  downloadDelivery,
  type NamedRef,
  useDeliveries,
  type YearbookDelivery,
} from './api';
import { DeliveryStatus } from './DeliveryStatus';

/** What a delivery holds, in words: a full one's subjects and portraits; a changes one's changes. */
export function useCountsText() {
  const { t } = useTranslation();
  return (kind: DeliveryKind, counts: DeliveryCounts) =>
    kind === 'full'
      ? t('yearbook.counts.full', { count: counts.subjects, images: counts.images })
      : t('yearbook.counts.changes', {
          added: counts.added,
          replaced: counts.replaced,
          corrected: counts.corrected,
          removed: counts.removed,
        });
}

/** A user's name, or "(Deleted)" for one since removed. */
export function useUserName() {
  const { t } = useTranslation();
  return (user: NamedRef | null) => user?.name ?? t('yearbook.ledger.deleted-user');
}

/** Who downloaded the delivery's archive (each name once, in order), or that nobody has yet. */
export function useDownloadedBy() {
  const { t } = useTranslation();
  const nameOf = useUserName();
  return (d: YearbookDelivery) => {
    const names = [...new Set(d.downloads.filter((x) => x.what === 'archive').map((x) => nameOf(x.user)))];
    return names.length > 0 ? names.join(', ') : t('yearbook.ledger.not-downloaded');
  };
}

/**
 * A target's ledger: every delivery made to the publisher, newest first: its number and kind, when and by
 * whom, what it holds, its state while it is built, who downloaded it; Details and, once ready, Download
 * (a deliberate click: each download is recorded and named here).
 */
export function Ledger({ projectId, targetId }: { projectId: string; targetId: string }) {
  const { t } = useTranslation();
  const abilities = useYearbookAbilities();
  const deliveries = useDeliveries(targetId);
  const running = deliveries.data?.some(deliveryRunning) ?? false;
  const now = useNow(1000, running);
  const nameOf = useUserName();
  const countsOf = useCountsText();
  const downloadedBy = useDownloadedBy();
  const [downloadFailed, setDownloadFailed] = useState(false);

  return (
    <SectionCard id="yearbook-ledger-heading" title={t('yearbook.ledger.heading')} headingGap={1}>
      {downloadFailed && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {t('yearbook.ledger.download-failed')}
        </Alert>
      )}
      <QueryState query={deliveries} errorMessage={t('yearbook.ledger.load-failed')}>
        {(data) => (
          <ListTable
            label={t('yearbook.ledger.label')}
            testId="yearbook-ledger"
            columns={[
              t('yearbook.ledger.number'),
              t('yearbook.ledger.kind'),
              t('yearbook.ledger.when'),
              t('yearbook.ledger.by'),
              t('yearbook.ledger.counts'),
              t('yearbook.ledger.status'),
              t('yearbook.ledger.downloaded-by'),
              { label: t('yearbook.ledger.actions'), align: 'right' },
            ]}
            rows={data}
            emptyMessage={t('yearbook.ledger.empty')}
          >
            {(d) => (
              <TableRow key={d.id} data-testid="yearbook-delivery-row" data-kind={d.kind}>
                <TableCell component="th" scope="row">
                  {d.number}
                </TableCell>
                <TableCell>{t(`yearbook.kinds.${d.kind}`)}</TableCell>
                <TableCell>{formatAbsolute(d.created_at)}</TableCell>
                <TableCell>{nameOf(d.created_by_user)}</TableCell>
                <TableCell data-testid="yearbook-delivery-counts">{countsOf(d.kind, d.counts)}</TableCell>
                <TableCell>
                  <DeliveryStatus delivery={d} now={now} />
                </TableCell>
                <TableCell data-testid="yearbook-delivery-downloads">{downloadedBy(d)}</TableCell>
                <TableCell align="right">
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <Button
                      size="small"
                      component={Link}
                      to={routePath('project.yearbook-delivery', { projectId, deliveryId: d.id })}
                      aria-label={t('yearbook.ledger.details-label', { n: d.number })}
                    >
                      {t('yearbook.ledger.details')}
                    </Button>
                    {d.download_path && abilities.download && (
                      <Button
                        size="small"
                        aria-label={t('yearbook.ledger.download-label', { n: d.number })}
                        onClick={() => {
                          setDownloadFailed(false);
                          downloadDelivery(d).catch(() => setDownloadFailed(true));
                        }}
                      >
                        {t('yearbook.ledger.download')}
                      </Button>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            )}
          </ListTable>
        )}
      </QueryState>
    </SectionCard>
  );
}
