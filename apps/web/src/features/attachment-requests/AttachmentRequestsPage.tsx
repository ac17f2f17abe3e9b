import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { useOrganizationAttachmentRequests } from '../../api/attachments';
import { routePath } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { RouterLink } from '../../components/RouterLink';
import { formatDateTime } from '../attachments/format';
import { useListParams } from '../organizations/listState';
import { Pager } from '../organizations/Pager';
import { FileRequestsNav } from './FileRequestsNav';

/** The file requests the current organization made, newest first (spec §2: columns Name and Created). */
export function AttachmentRequestsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const organizationId = user.current_account?.organization_id ?? null;
  const { page, update } = useListParams();
  const list = useOrganizationAttachmentRequests(organizationId, page);

  const content = (
    <QueryState
      query={list}
      errorMessage={t('attachment-requests.load-failed')}
      isEmpty={(data) => data.attachment_requests.length === 0}
      emptyMessage={t('attachment-requests.empty')}
    >
      {(data) => (
        <>
          <TableContainer component={Paper} variant="outlined">
            {list.isPlaceholderData && <LinearProgress aria-hidden="true" />}
            <Table aria-label={t('attachment-requests.list-label')} aria-busy={list.isPlaceholderData}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('attachment-requests.name')}</TableCell>
                  <TableCell>{t('attachment-requests.created')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.attachment_requests.map((request) => (
                  <TableRow hover key={request.id} data-testid="file-request-row">
                    <TableCell component="th" scope="row">
                      <RouterLink
                        to={routePath('attachment-request.index', { attachmentRequestId: request.id })}
                      >
                        {request.name}
                      </RouterLink>
                    </TableCell>
                    <TableCell>
                      <time dateTime={request.created_at}>{formatDateTime(request.created_at)}</time>
                    </TableCell>
                  </TableRow>
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
    <Page title={t('attachment-requests.heading')}>
      <FileRequestsNav />
      {content}
    </Page>
  );
}
