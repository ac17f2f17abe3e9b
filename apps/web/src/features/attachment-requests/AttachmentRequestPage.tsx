import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type AttachmentRequest, useAttachmentRequest } from '../../api/attachments';
import { routePath } from '../../app/routes';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { ListTable } from '../../components/table/ListTable';
import { formatDateTime } from '../attachments/format';
import { DetailList } from '../organizations/DetailList';
import { FileRequestsNav } from './FileRequestsNav';

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

  if (!request.isSuccess) {
    return (
      <Page title={t('attachment-requests.detail.heading')}>
        <FileRequestsNav />
        <QueryState
          query={request}
          errorMessage={t('attachment-requests.detail.load-failed')}
          notFoundMessage={t('attachment-requests.detail.not-found')}
        >
          {() => null}
        </QueryState>
      </Page>
    );
  }

  const data = request.data;
  return (
    <Page title={data.name}>
      <FileRequestsNav />
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <DetailList
            rows={[
              { key: 'name', label: t('attachment-requests.detail.name'), value: data.name },
              {
                key: 'description',
                label: t('attachment-requests.detail.description'),
                value: <span style={{ whiteSpace: 'pre-line' }}>{data.description}</span>,
              },
              {
                key: 'created',
                label: t('attachment-requests.detail.created'),
                value: <time dateTime={data.created_at}>{formatDateTime(data.created_at)}</time>,
              },
              ...(data.created_by_user
                ? [
                    {
                      key: 'created-by',
                      label: t('attachment-requests.detail.created-by'),
                      value: data.created_by_user.name,
                    },
                  ]
                : []),
            ]}
          />
        </Paper>
        <section aria-labelledby="file-request-projects-heading">
          <Typography id="file-request-projects-heading" variant="h2" component="h2" sx={{ mb: 1 }}>
            {t('attachment-requests.detail.projects')}
          </Typography>
          <RequestedProjects request={data} />
        </section>
      </Stack>
    </Page>
  );
}
