import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatRelative } from '../users/relativeTime';
import type { YearbookDelivery } from './api';

/** A delivery's state in words with its bar: queued, being built, ready (when), failed (why). */
export function DeliveryStatus({ delivery, now }: { delivery: YearbookDelivery; now: number }) {
  const { t } = useTranslation();
  const { status } = delivery;
  const label =
    status === 'completed'
      ? t('yearbook.status.completed', {
          ago: formatRelative(delivery.completed_at ?? delivery.created_at, now),
        })
      : status === 'failed'
        ? delivery.status_message
          ? t('yearbook.status.failed-with', { message: delivery.status_message })
          : t('yearbook.status.failed')
        : t(`yearbook.status.${status}`);
  return (
    <Box sx={{ minWidth: 160 }} data-testid="yearbook-delivery-status" data-status={status}>
      <Typography variant="body2">{label}</Typography>
      <LinearProgress
        aria-label={t('yearbook.status.progress')}
        variant={status === 'queued' || status === 'working' ? 'indeterminate' : 'determinate'}
        value={status === 'queued' || status === 'working' ? undefined : 100}
        color={status === 'completed' ? 'success' : status === 'failed' ? 'error' : 'primary'}
        sx={{ mt: 0.5 }}
      />
    </Box>
  );
}
