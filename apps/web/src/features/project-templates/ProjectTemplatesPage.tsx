import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ProjectTemplateSummary, useProjectTemplates } from '../../api/projectTemplates';
import { useCan } from '../../app/can';
import { RequireAbility } from '../../app/RequireAbility';
import { routePath } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { formatDate } from '../../components/format';
import { Page } from '../../components/Page';
import { RouterLink } from '../../components/RouterLink';
import { TooltipIconButton } from '../../components/TooltipIconButton';
import { ActionsCell } from '../../components/table/ActionsCell';
import { QueryListTable } from '../../components/table/ListTable';
import { DeleteProjectTemplateDialog } from './DeleteProjectTemplateDialog';
import { ProjectTemplatesNav } from './ProjectTemplatesNav';

/** All Project Templates (spec §2): Name, Organization, Created, Actions. */
function ProjectTemplatesPageScreen() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const can = useCan();
  const templates = useProjectTemplates(user.current_account?.organization_id);
  const [deleting, setDeleting] = useState<ProjectTemplateSummary | null>(null);

  const linkAction = (label: string, icon: ReactNode, to: string) => (
    <TooltipIconButton label={label} to={to}>
      {icon}
    </TooltipIconButton>
  );
  const content = (
    <QueryListTable
      query={templates}
      errorMessage={t('project-templates.load-failed')}
      emptyMessage={t('project-templates.empty')}
      rowsOf={(data) => data}
      label={t('project-templates.table')}
      columns={[
        t('project-templates.name'),
        t('project-templates.organization'),
        t('project-templates.created'),
        { label: t('project-templates.actions'), actions: true },
      ]}
    >
      {(template) => {
        const projectTemplateId = template.id;
        return (
          <TableRow key={template.id} data-testid="template-row">
            <TableCell component="th" scope="row">
              <RouterLink to={routePath('project-template.index', { projectTemplateId })}>
                {template.name}
              </RouterLink>
            </TableCell>
            <TableCell>{template.organization_name}</TableCell>
            <TableCell>
              <time dateTime={template.created_at}>{formatDate(template.created_at)}</time>
            </TableCell>
            <ActionsCell>
              {linkAction(
                t('project-templates.view', { name: template.name }),
                <VisibilityIcon fontSize="small" />,
                routePath('project-template.index', { projectTemplateId }),
              )}
              {can('template.update', template) &&
                linkAction(
                  t('project-templates.edit', { name: template.name }),
                  <EditIcon fontSize="small" />,
                  routePath('project-template.edit', { projectTemplateId }),
                )}
              {can('template.delete', template) && (
                <TooltipIconButton
                  label={t('project-templates.delete', { name: template.name })}
                  onClick={() => setDeleting(template)}
                >
                  <DeleteIcon fontSize="small" />
                </TooltipIconButton>
              )}
            </ActionsCell>
          </TableRow>
        );
      }}
    </QueryListTable>
  );

  return (
    <Page title={t('project-templates.heading')}>
      <ProjectTemplatesNav />
      {content}
      <DeleteProjectTemplateDialog template={deleting} onClose={() => setDeleting(null)} />
    </Page>
  );
}

/** Reusable templates are for studios and labs (spec §2, §6); others go home before the list is asked for. */
export function ProjectTemplatesPage() {
  return (
    <RequireAbility allowed={(can) => can('template.list')}>
      <ProjectTemplatesPageScreen />
    </RequireAbility>
  );
}
