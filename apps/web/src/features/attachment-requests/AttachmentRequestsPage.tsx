import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { useOrganizationAttachmentRequests } from '../../api/attachments';
import { routePath } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { PagedListPage } from '../../components/PagedListPage';
import { RouterLink } from '../../components/RouterLink';
import { formatDateTime } from '../attachments/format';
import { useListParams } from '../organizations/listState';
import { FileRequestsNav } from './FileRequestsNav';

/** The file requests the current organization made, newest first (spec §2: columns Name and Created). */
export function AttachmentRequestsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const organizationId = user.current_account?.organization_id ?? null;
  const { page, setPage } = useListParams();
  const list = useOrganizationAttachmentRequests(organizationId, page);

  return (
    <PagedListPage
      words="attachment-requests"
      nav={<FileRequestsNav />}
      query={list}
      rowsOf={(data) => data.attachment_requests}
      onPage={setPage}
      columns={[t('attachment-requests.name'), t('attachment-requests.created')]}
    >
      {(request) => (
        <TableRow hover key={request.id} data-testid="file-request-row">
          <TableCell component="th" scope="row">
            <RouterLink to={routePath('attachment-request.index', { attachmentRequestId: request.id })}>
              {request.name}
            </RouterLink>
          </TableCell>
          <TableCell>
            <time dateTime={request.created_at}>{formatDateTime(request.created_at)}</time>
          </TableCell>
        </TableRow>
      )}
    </PagedListPage>
  );
}
