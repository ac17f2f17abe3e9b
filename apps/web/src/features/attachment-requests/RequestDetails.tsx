import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import type { AttachmentRequest } from '../../api/attachments';
import { formatDateTime } from '../attachments/format';
import { DetailList } from '../organizations/DetailList';

/**
 * A file request's name, description, when it was made and by whom, in an outlined card: on its own
 * page and above the upload picker. `unknownCreator` is shown when no creator is known; without it, that
 * row is left out.
 */
export function RequestDetails({
  request,
  label,
  unknownCreator,
}: {
  request: AttachmentRequest;
  /** The card's accessible name, where the page has more than this card. */
  label?: string;
  unknownCreator?: string;
}) {
  const { t } = useTranslation();
  const creator = request.created_by_user?.name ?? unknownCreator;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-label={label}>
      <DetailList
        rows={[
          { key: 'name', label: t('attachment-requests.detail.name'), value: request.name },
          {
            key: 'description',
            label: t('attachment-requests.detail.description'),
            value: <span style={{ whiteSpace: 'pre-line' }}>{request.description}</span>,
          },
          {
            key: 'created',
            label: t('attachment-requests.detail.created'),
            value: <time dateTime={request.created_at}>{formatDateTime(request.created_at)}</time>,
          },
          ...(creator === undefined
            ? []
            : [{ key: 'created-by', label: t('attachment-requests.detail.created-by'), value: creator }]),
        ]}
      />
    </Paper>
  );
}
