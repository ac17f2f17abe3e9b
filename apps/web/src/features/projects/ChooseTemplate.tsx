import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { formatFieldErrors } from '@school-portal/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { type ProjectRecord, useUpdateProject } from '../../api/projects';
import { useProjectTemplates } from '../../api/projectTemplates';
import { useCan } from '../../app/can';
import { useSessionUser } from '../../app/session';
import { useNotify } from '../../components/Notifications';

/**
 * A project without a template has no subject fields, so nothing can be entered. A manager
 * picks one of the organization's reusable templates here; the project takes a copy of it, as a new
 * project does. Shown only while the project has none, to those who may change projects.
 */
export function ChooseTemplate({ project }: { project: ProjectRecord }) {
  const can = useCan();
  const allowed = project.project_template_id === null && can('project.update');
  if (!allowed) return null;
  return <ChooseTemplateForm project={project} />;
}

function ChooseTemplateForm({ project }: { project: ProjectRecord }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const organization = useSessionUser().current_account?.organization ?? null;
  const templates = useProjectTemplates(organization?.id);
  const update = useUpdateProject(project.id);
  const [templateId, setTemplateId] = useState('');
  const [error, setError] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!templateId) return;
    setError(null);
    try {
      await update.mutateAsync({ project_template_id: templateId });
      notify({ message: t('project.choose-template.saved') });
    } catch (failure) {
      const fields = isApiError(failure) ? formatFieldErrors(failure.fieldErrors ?? {}) : {};
      setError(fields.project_template_id ?? t('project.choose-template.failed'));
    }
  };

  const options = templates.data ?? [];
  return (
    <Alert severity="info" sx={{ mb: 3 }} data-testid="choose-template">
      <Box component="form" onSubmit={save} aria-label={t('project.choose-template.label')} noValidate>
        <Box sx={{ mb: 1.5 }}>{t('project.choose-template.text')}</Box>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            select
            size="small"
            id="choose-template"
            label={t('project.choose-template.label')}
            value={templateId}
            onChange={(event) => setTemplateId(event.target.value)}
            error={error !== null || templates.isError}
            helperText={
              error ??
              (templates.isError
                ? t('project.choose-template.load-failed')
                : templates.data && options.length === 0
                  ? t('project-form.no-templates')
                  : undefined)
            }
            sx={{ minWidth: 260 }}
          >
            {options.map((template) => (
              <MenuItem key={template.id} value={template.id}>
                {template.name}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" disabled={!templateId || update.isPending}>
            {t('project.choose-template.save')}
          </Button>
        </Box>
      </Box>
    </Alert>
  );
}
