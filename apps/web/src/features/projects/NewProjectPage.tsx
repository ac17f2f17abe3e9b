import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatFieldErrors,
  formatFieldMessage,
  type OrganizationRole,
  projectFormSchema,
} from '@school-portal/domain';
import { type ReactNode, useState } from 'react';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../api/client';
import {
  type OrganizationOption,
  useCreateChildOrganization,
  useCreateProject,
  useProjectOrganizationOptions,
} from '../../api/projects';
import { type ProjectTemplateSummary, useProjectTemplates } from '../../api/projectTemplates';
import { currentSeasonOf, type Season, useSeasons } from '../../api/seasons';
import { useCan } from '../../app/can';
import { ROUTES, routePath } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { ErrorState } from '../../components/ErrorState';
import { FormActions, FormCard } from '../../components/forms/FormCard';
import { CheckboxField, SelectField } from '../../components/forms/fields';
import { NameField } from '../../components/forms/NameField';
import { textFieldProps } from '../../components/forms/serverErrors';
import { useSchemaForm } from '../../components/forms/useFormError';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useNotify } from '../../components/Notifications';
import { Page } from '../../components/Page';
import { RouterLink } from '../../components/RouterLink';
import { useChildOrganizationRole } from '../organizations/childRole';

/**
 * The project form's rules (spec §5, `projectFormSchema`): name, template and organization required,
 * season optional. The selects hold '' for "nothing chosen".
 */
const organizationRule = projectFormSchema.shape.organization_id as unknown as z.ZodType<string, string>;
const seasonRule = projectFormSchema.shape.season_id as unknown as z.ZodType<string | null, string | null>;
const formSchema = projectFormSchema.extend({
  organization_id: z.string().min(1, "can't be blank").pipe(organizationRule),
  season_id: z
    .string()
    .transform((v) => v || null)
    .pipe(seasonRule),
  project_template_id: z.string().min(1, "can't be blank"),
});
type FormInput = z.input<typeof formSchema>;

/** Server error keys (spec §5: name, organization, project_template and season) to form fields. */
const SERVER_FIELDS: Record<string, Path<FormInput>> = {
  name: 'name',
  short_code: 'short_code',
  organization_id: 'organization_id',
  organization: 'organization_id',
  project_template_id: 'project_template_id',
  project_template: 'project_template_id',
  season_id: 'season_id',
  season: 'season_id',
};

export function NewProjectPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const can = useCan();
  const organization = user.current_account?.organization ?? null;
  const allowed = can('project.create') && !!organization;
  const templates = useProjectTemplates(organization?.id, allowed);
  const seasons = useSeasons(organization?.id, allowed);
  const organizations = useProjectOrganizationOptions(organization, allowed);

  // Spec §2: new project is redirected home when not permitted.
  if (!allowed) return <Navigate to={ROUTES.root} replace />;

  const queries = [templates, seasons, organizations];
  let content: ReactNode;
  if (queries.some((q) => q.isError)) {
    content = (
      <ErrorState
        message={t('project-form.load-failed')}
        onRetry={() => {
          for (const q of queries) if (q.isError) void q.refetch();
        }}
      />
    );
  } else if (!templates.data || !seasons.data || !organizations.data) {
    content = <LoadingScreen />;
  } else {
    const current = currentSeasonOf(seasons.data, organization.id, organization.parent_organization_id);
    content = (
      <ProjectForm
        ownOrganizationId={organization.id}
        templates={templates.data}
        seasons={seasons.data}
        organizations={organizations.data}
        defaultSeasonId={current?.id ?? ''}
      />
    );
  }
  return (
    <Page title={t('project-form.heading')} maxWidth="md">
      {content}
    </Page>
  );
}

interface ProjectFormProps {
  ownOrganizationId: string;
  templates: ProjectTemplateSummary[];
  seasons: Season[];
  organizations: OrganizationOption[];
  defaultSeasonId: string;
}

function ProjectForm(props: ProjectFormProps) {
  const { t } = useTranslation();
  const can = useCan();
  const childRole = useChildOrganizationRole();
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreateProject();
  const {
    control,
    register,
    setValue,
    formState: { errors, isValid, isSubmitting },
    formError,
    submit,
  } = useSchemaForm(formSchema, {
    defaultValues: {
      name: '',
      short_code: '',
      organization_id: '',
      season_id: props.defaultSeasonId,
      project_template_id: props.templates.length === 1 ? props.templates[0]!.id : '',
      enable_for_all_apps: false,
    },
    serverFields: (key) => SERVER_FIELDS[key] ?? null,
    saveFailed: t('project-form.save-failed'),
  });

  const onSubmit = submit(async (values) => {
    const project = await create.mutateAsync({
      project: {
        name: values.name,
        short_code: values.short_code,
        organization_id: values.organization_id,
        season_id: values.season_id,
        enable_for_all_apps: values.enable_for_all_apps ?? false,
      },
      project_template_id: values.project_template_id,
    });
    notify({ message: t('project-form.saved', { name: project.name }) });
    navigate(routePath('project.index', { projectId: project.id }));
  });

  const canSave = isValid && !isSubmitting;

  return (
    <FormCard label={t('project-form.form-label')} onSubmit={onSubmit} error={formError}>
      <NameField register={register} error={errors.name} id="project-name" label={t('project-form.name')} />
      <TextField
        {...textFieldProps(register('short_code'), errors.short_code)}
        id="project-short-code"
        label={t('project-form.short-code')}
      />
      <SelectField
        control={control}
        name="project_template_id"
        id="project-template"
        label={t('project-form.template')}
        required
        options={props.templates.map((template) => ({ value: template.id, label: template.name }))}
        helperText={props.templates.length === 0 ? t('project-form.no-templates') : undefined}
      />
      {props.templates.length === 0 &&
        can('template.update', {
          organization_id: props.ownOrganizationId,
          project_id: null,
        }) && (
          <RouterLink to={ROUTES['project-templates.new']} variant="body2">
            {t('project-form.create-template')}
          </RouterLink>
        )}
      <SelectField
        control={control}
        name="organization_id"
        id="project-organization"
        label={t('project-form.organization')}
        required
        disabled={!can('project.choose-organization')}
        options={props.organizations.map((organization) => ({
          value: organization.id,
          label: organization.name,
        }))}
      />
      {childRole && (
        <InlineNewOrganization
          parentOrganizationId={props.ownOrganizationId}
          role={childRole}
          onCreated={(created) =>
            setValue('organization_id', created.id, {
              shouldValidate: true,
              shouldDirty: true,
              shouldTouch: true,
            })
          }
        />
      )}
      <SelectField
        control={control}
        name="season_id"
        id="project-season"
        label={t('project-form.season')}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        options={props.seasons.map((season) => ({
          value: season.id,
          label:
            season.id === props.defaultSeasonId
              ? t('project-form.season-current', { name: season.name })
              : season.name,
        }))}
      >
        <MenuItem value="">{t('project-form.season-none')}</MenuItem>
      </SelectField>
      <CheckboxField
        control={control}
        name="enable_for_all_apps"
        label={t('project-form.all-apps')}
        toggle={Switch}
        help={{ id: 'project-all-apps-help', text: t('project-form.all-apps-help') }}
        sx={{ mt: 1 }}
      />
      <FormActions
        canSave={canSave}
        saving={isSubmitting}
        words="project-form"
        cancelTo={ROUTES['projects.index']}
      />
      {!isValid && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="required-hint">
          {t('project-form.required-hint')}
        </Typography>
      )}
    </FormCard>
  );
}

/** A studio adds a school (a lab a studio) without leaving the project form (spec §5). */
function InlineNewOrganization({
  parentOrganizationId,
  role,
  onCreated,
}: {
  parentOrganizationId: string;
  role: OrganizationRole;
  onCreated: (organization: OrganizationOption) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const create = useCreateChildOrganization(parentOrganizationId);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!open) {
    return (
      <Button startIcon={<AddIcon />} size="small" onClick={() => setOpen(true)} sx={{ mt: 0.5 }}>
        {t('project-form.new-organization')}
      </Button>
    );
  }

  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed || create.isPending) {
      if (!trimmed) setError(formatFieldMessage("can't be blank"));
      return;
    }
    setError(null);
    try {
      const created = await create.mutateAsync({ name: trimmed, role });
      notify({ message: t('project-form.organization-created', { name: created.name }) });
      onCreated(created);
      setName('');
      setOpen(false);
    } catch (failure) {
      const fields = isApiError(failure) ? failure.fieldErrors : undefined;
      const messages = fields ? formatFieldErrors(fields) : null;
      setError(
        messages?.name ??
          (messages ? Object.values(messages).join(' ') : t('project-form.organization-failed')),
      );
    }
  };

  return (
    <Box
      role="group"
      aria-labelledby="new-organization-heading"
      sx={{ mt: 1, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography id="new-organization-heading" variant="subtitle2" component="p">
        {t('project-form.new-organization')}
      </Typography>
      <TextField
        id="new-organization-name"
        label={t('project-form.new-organization-name')}
        value={name}
        autoFocus
        required
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          // Enter creates the organization, not the project.
          if (event.key === 'Enter') {
            event.preventDefault();
            void submit();
          }
        }}
        error={!!error}
        helperText={error ?? undefined}
      />
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => void submit()} disabled={create.isPending || !name.trim()}>
          {t('project-form.create-organization')}
        </Button>
        <Button
          onClick={() => {
            setOpen(false);
            setName('');
            setError(null);
          }}
        >
          {t('project-form.cancel-organization')}
        </Button>
      </Stack>
    </Box>
  );
}
