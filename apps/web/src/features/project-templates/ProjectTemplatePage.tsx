import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { fieldKeyLabel } from '@school-portal/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { type ProjectTemplate, useFieldKeys, useProjectTemplate } from '../../api/projectTemplates';
import { useCan } from '../../app/can';
import { ROUTES, routePath } from '../../app/routes';
import { DeleteButton } from '../../components/DeleteButton';
import { formatDate } from '../../components/format';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { ListTable } from '../../components/table/ListTable';
import { DeleteProjectTemplateDialog } from './DeleteProjectTemplateDialog';
import { ProjectTemplatesNav } from './ProjectTemplatesNav';

/**
 * One template (spec §2): name, organization, created and its subject fields. The server leaves out
 * fields hidden from customers unless the caller may view hidden fields (spec §6).
 */
export function ProjectTemplatePage() {
  const { t } = useTranslation();
  const { projectTemplateId = '' } = useParams();
  const template = useProjectTemplate(projectTemplateId);

  if (template.isSuccess) return <TemplateDetails template={template.data} />;
  // The details are a page of their own; until then the list's page shows loading or the failure.
  return (
    <Page title={t('project-template.title')}>
      <ProjectTemplatesNav />
      <QueryState
        query={template}
        errorMessage={t('project-template.load-failed')}
        notFoundMessage={t('project-template.not-found')}
      >
        {() => null}
      </QueryState>
    </Page>
  );
}

function TemplateDetails({ template }: { template: ProjectTemplate }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const fieldKeys = useFieldKeys();
  const [deleting, setDeleting] = useState(false);
  const projectTemplateId = template.id;

  const typeOf = (key: string | null) => {
    if (!key) return t('project-template.custom');
    return fieldKeys.data?.find((f) => f.key === key)?.label ?? fieldKeyLabel(key) ?? key;
  };
  const canEdit = can('template.update', template);
  const canDelete = can('template.delete', template);

  const facts: [string, ReactNode][] = [
    [t('project-template.name'), template.name],
    [t('project-template.organization'), template.organization_name],
    [
      t('project-template.created'),
      <time key="created" dateTime={template.created_at}>
        {formatDate(template.created_at)}
      </time>,
    ],
  ];

  return (
    <Page
      title={template.name}
      actions={
        (canEdit || canDelete) && (
          <Box sx={{ display: 'flex', gap: 1 }}>
            {canEdit && (
              <Button
                component={Link}
                to={routePath('project-template.edit', { projectTemplateId })}
                variant="outlined"
                startIcon={<EditIcon />}
              >
                {t('project-template.edit')}
              </Button>
            )}
            {canDelete && (
              <DeleteButton onClick={() => setDeleting(true)}>{t('project-template.delete')}</DeleteButton>
            )}
          </Box>
        )
      }
    >
      <ProjectTemplatesNav />
      {template.project_id !== null && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('project-template.project-copy')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ mb: 3 }}>
        <Table size="small" aria-label={t('project-template.details')}>
          <TableBody>
            {facts.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ width: '30%', fontWeight: 500 }}>
                  {label}
                </TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        {t('project-template.fields')}
      </Typography>
      <ListTable
        label={t('project-template.fields')}
        testId="template-fields"
        emptyMessage={t('project-template.empty-fields')}
        columns={[t('project-template.type'), t('project-template.label'), t('project-template.visible')]}
        rows={[...template.subject_fields].sort((a, b) => a.arrangement_position - b.arrangement_position)}
      >
        {(field) => (
          <TableRow key={field.id} data-testid="template-field">
            <TableCell>{typeOf(field.field_key)}</TableCell>
            <TableCell>{field.effective_label}</TableCell>
            <TableCell>
              {field.visible_to_customers ? t('project-template.yes') : t('project-template.no')}
            </TableCell>
          </TableRow>
        )}
      </ListTable>
      <DeleteProjectTemplateDialog
        template={deleting ? template : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(ROUTES['project-templates.index'], { replace: true })}
      />
    </Page>
  );
}
