import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type AttachmentRequest, useAttachmentRequest } from '../../api/attachments';
import { isApiError } from '../../api/client';
import { routePath } from '../../app/routes';
import { Page } from '../../components/Page';
import { RecordPage } from '../../components/RecordPage';
import { Section } from '../../components/Section';
import { ListTable } from '../../components/table/ListTable';
import { FileRequestsNav } from './FileRequestsNav';
import { RequestDetails } from './RequestDetails';

function RequestedProjects({ request }: { request: AttachmentRequest }) {
  const { t } = useTranslation();
  return (
    <ListTable
      label={t('attachment-requests.detail.projects-label')}
      emptyMessage={t('attachment-requests.detail.empty-projects')}
      columns={[
        t('attachment-requests.detail.project'),
        t('attachment-requests.detail.organization'),
        t('attachment-requests.detail.status'),
        { label: t('attachment-requests.detail.actions'), align: 'right' },
      ]}
      rows={request.projects}
    >
      {(project) => (
        <TableRow key={project.id} data-testid="requested-project-row">
          <TableCell component="th" scope="row">
            {project.name}
          </TableCell>
          <TableCell>{project.organization_name}</TableCell>
          <TableCell>
            <Chip
              size="small"
              variant="outlined"
              color={project.pending ? 'warning' : 'success'}
              label={
                project.pending
                  ? t('attachment-requests.detail.pending')
                  : t('attachment-requests.detail.received')
              }
            />
          </TableCell>
          <TableCell align="right">
            <Button
              component={Link}
              to={routePath('project.attachments', { projectId: project.id })}
              size="small"
              startIcon={<FolderOpenIcon />}
              aria-label={t('attachment-requests.detail.files-label', { name: project.name })}
            >
              {t('attachment-requests.detail.files')}
            </Button>
          </TableCell>
        </TableRow>
      )}
    </ListTable>
  );
}

/** One file request (spec §2): name, description, created, and the requested projects with Files links. */
export function AttachmentRequestPage() {
  const { t } = useTranslation();
  const { attachmentRequestId = '' } = useParams();
  const request = useAttachmentRequest(attachmentRequestId);
  return (
    <RecordPage
      query={request}
      title={t('attachment-requests.detail.heading')}
      nav={<FileRequestsNav />}
      errorMessage={t('attachment-requests.detail.load-failed')}
      missingMessage={(error) => (isApiError(error, 404) ? t('attachment-requests.detail.not-found') : null)}
    >
      {(data) => (
        <Page title={data.name}>
          <FileRequestsNav />
          <Stack spacing={3}>
            <RequestDetails request={data} />
            <Section id="file-request-projects-heading" title={t('attachment-requests.detail.projects')}>
              <RequestedProjects request={data} />
            </Section>
          </Stack>
        </Page>
      )}
    </RecordPage>
  );
}
