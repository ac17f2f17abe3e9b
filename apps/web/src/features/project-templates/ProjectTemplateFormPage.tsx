import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ProjectTemplateForm, projectTemplateFormSchema } from '@school-portal/domain';
import { Controller, type Path, useFieldArray, type useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import {
  type FieldKeyOption,
  type ProjectTemplate,
  useCreateProjectTemplate,
  useFieldKeys,
  useProjectTemplate,
  useUpdateProjectTemplate,
} from '../../api/projectTemplates';
import { useCan } from '../../app/can';
import { RequireAbility } from '../../app/RequireAbility';
import { ROUTES, routePath } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { DeleteButton } from '../../components/DeleteButton';
import { FormActions, FormCard } from '../../components/forms/FormCard';
import { NameField } from '../../components/forms/NameField';
import { controlledFieldProps, fieldMessage } from '../../components/forms/serverErrors';
import { useSchemaForm } from '../../components/forms/useFormError';
import { useNotify } from '../../components/Notifications';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { TooltipIconButton } from '../../components/TooltipIconButton';
import { ProjectTemplatesNav } from './ProjectTemplatesNav';

type FormOutput = z.output<typeof projectTemplateFormSchema>;
type FieldKeyValue = NonNullable<ProjectTemplateForm['subject_fields_attributes'][number]['field_key']>;

/** The field-type select's value for "no key". */
const CUSTOM = '__custom__';

const newField = (): ProjectTemplateForm['subject_fields_attributes'][number] => ({
  field_key: null,
  label: '',
  visible_to_customers: true,
  auto_suggest_enabled: false,
});

/** Server keys: name, subject_fields_attributes.N.label / .field_key go on their fields. */
function serverField(key: string): Path<ProjectTemplateForm> | null {
  if (key === 'name') return 'name';
  const match = /^subject_fields_attributes\.(\d+)\.(label|field_key|visible_to_customers)$/.exec(key);
  return match
    ? (`subject_fields_attributes.${Number(match[1])}.${match[2]}` as Path<ProjectTemplateForm>)
    : null;
}

/** New Project Template, in the own studio or lab (managers). */
function NewProjectTemplatePageScreen() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const can = useCan();
  const organizationId = user.current_account?.organization_id ?? null;
  if (!organizationId || !can('template.update', { organization_id: organizationId, project_id: null })) {
    return <Navigate to={ROUTES.root} replace />;
  }
  return (
    <Page title={t('project-template.form.new-title')} maxWidth="md">
      <ProjectTemplatesNav />
      <TemplateForm
        isNew
        organizationId={organizationId}
        defaults={{ name: '', subject_fields_attributes: [newField()] }}
      />
    </Page>
  );
}

/** Edit Project Template: only templates not tied to a project, by managers of their organization. */
function EditProjectTemplatePageScreen() {
  const { t } = useTranslation();
  const { projectTemplateId = '' } = useParams();
  const can = useCan();
  const template = useProjectTemplate(projectTemplateId);

  return (
    <Page title={t('project-template.form.edit-title')} maxWidth="md">
      <ProjectTemplatesNav />
      <QueryState
        query={template}
        errorMessage={t('project-template.load-failed')}
        notFoundMessage={t('project-template.not-found')}
      >
        {(data) =>
          can('template.update', data) ? (
            <TemplateForm
              key={data.id}
              isNew={false}
              template={data}
              organizationId={data.organization_id}
              defaults={{
                name: data.name,
                subject_fields_attributes: [...data.subject_fields]
                  .sort((a, b) => a.arrangement_position - b.arrangement_position)
                  .map((field) => ({
                    field_key: field.field_key as FieldKeyValue | null,
                    label: field.label ?? '',
                    visible_to_customers: field.visible_to_customers,
                    auto_suggest_enabled: field.auto_suggest_enabled,
                  })),
              }}
            />
          ) : (
            <Alert
              severity="info"
              action={
                <Button
                  component={Link}
                  to={routePath('project-template.index', { projectTemplateId })}
                  color="inherit"
                  size="small"
                >
                  {t('project-template.title')}
                </Button>
              }
            >
              {t('project-template.form.not-editable')}
            </Alert>
          )
        }
      </QueryState>
    </Page>
  );
}

interface TemplateFormProps {
  isNew: boolean;
  template?: ProjectTemplate;
  organizationId: string;
  defaults: ProjectTemplateForm;
}

/**
 * Name plus an ordered list of subject fields (spec §2, §5), each with its type (a catalogue key or
 * Custom), a label (required for Custom) and whether customers see it. Remove only on a new template.
 */
function TemplateForm({ isNew, template, organizationId, defaults }: TemplateFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const fieldKeys = useFieldKeys();
  const create = useCreateProjectTemplate();
  const update = useUpdateProjectTemplate(template?.id ?? '');
  const {
    control,
    register,
    getFieldState,
    trigger,
    formState: { errors, isSubmitting },
    formError,
    submit,
  } = useSchemaForm(projectTemplateFormSchema, {
    defaultValues: defaults,
    serverFields: serverField,
    saveFailed: t('project-template.form.save-failed'),
  });
  const { fields, append, remove, move } = useFieldArray({ control, name: 'subject_fields_attributes' });

  const onSubmit = submit(async (values) => {
    const body = { ...values, organization_id: organizationId };
    const saved = isNew ? await create.mutateAsync(body) : await update.mutateAsync(body);
    notify({
      message: t(isNew ? 'project-template.form.created' : 'project-template.form.updated', {
        name: saved.name,
      }),
    });
    navigate(routePath('project-template.index', { projectTemplateId: saved.id }));
  });

  const listError = errors.subject_fields_attributes?.root ?? errors.subject_fields_attributes;
  const listMessage = fieldMessage(
    listError && 'message' in listError ? (listError as { message?: string }) : undefined,
  );

  return (
    <FormCard label={t('project-template.form.form-label')} onSubmit={onSubmit} error={formError}>
      <NameField
        register={register}
        error={errors.name}
        id="template-name"
        label={t('project-template.form.name')}
        autoFocus={isNew}
      />
      <Typography variant="h2" component="h2" sx={{ mt: 3, mb: 1 }}>
        {t('project-template.form.fields')}
      </Typography>
      <Stack
        component="ol"
        spacing={2}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label={t('project-template.form.fields')}
      >
        {fields.map((row, index) => (
          <SubjectFieldRow
            key={row.id}
            index={index}
            count={fields.length}
            control={control}
            fieldKeys={fieldKeys.data ?? []}
            removable={isNew}
            onRemove={() => remove(index)}
            onMove={(to) => move(index, to)}
            onTypeChange={() => {
              // A label required for Custom may no longer be (or the other way round).
              const label = `subject_fields_attributes.${index}.label` as const;
              if (getFieldState(label).error || getFieldState(label).isTouched) void trigger(label);
            }}
          />
        ))}
      </Stack>
      {listMessage && (
        <FormHelperText error role="alert" sx={{ mt: 1 }}>
          {listMessage}
        </FormHelperText>
      )}
      <Button startIcon={<AddIcon />} onClick={() => append(newField())} sx={{ mt: 2 }}>
        {t('project-template.form.add-field')}
      </Button>
      <FormActions
        canSave={!isSubmitting}
        saving={isSubmitting}
        words="project-template.form"
        cancelTo={
          template
            ? routePath('project-template.index', { projectTemplateId: template.id })
            : ROUTES['project-templates.index']
        }
      />
    </FormCard>
  );
}

interface SubjectFieldRowProps {
  index: number;
  count: number;
  control: ReturnType<typeof useForm<ProjectTemplateForm, unknown, FormOutput>>['control'];
  fieldKeys: FieldKeyOption[];
  removable: boolean;
  onRemove: () => void;
  onMove: (to: number) => void;
  onTypeChange: () => void;
}

function SubjectFieldRow(props: SubjectFieldRowProps) {
  const { index, count, control, fieldKeys, removable, onRemove, onMove, onTypeChange } = props;
  const { t } = useTranslation();
  const number = index + 1;
  const fieldKey = useWatch({ control, name: `subject_fields_attributes.${index}.field_key` });
  const keyLabel = fieldKey ? (fieldKeys.find((f) => f.key === fieldKey)?.label ?? fieldKey) : null;
  const idPrefix = `subject-field-${index}`;

  return (
    <Box
      component="li"
      role="group"
      aria-label={t('project-template.form.field', { number })}
      data-testid="subject-field-row"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle2" component="p">
          {t('project-template.form.field', { number })}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <TooltipIconButton
            label={t('project-template.form.move-up', { number })}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <ArrowUpwardIcon fontSize="small" />
          </TooltipIconButton>
          <TooltipIconButton
            label={t('project-template.form.move-down', { number })}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDownwardIcon fontSize="small" />
          </TooltipIconButton>
          {removable && (
            <DeleteButton
              size="small"
              variant="text"
              onClick={onRemove}
              aria-label={t('project-template.form.remove-field', { number })}
            >
              {t('project-template.form.remove')}
            </DeleteButton>
          )}
        </Box>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <Controller
          control={control}
          name={`subject_fields_attributes.${index}.field_key`}
          render={({ field, fieldState }) => (
            <TextField
              select
              {...controlledFieldProps(field, fieldState)}
              id={`${idPrefix}-type`}
              label={t('project-template.form.field-type')}
              value={field.value ?? CUSTOM}
              onChange={(event) => {
                field.onChange(event.target.value === CUSTOM ? null : event.target.value);
                onTypeChange();
              }}
              sx={{ flex: 1 }}
            >
              <MenuItem value={CUSTOM}>{t('project-template.custom')}</MenuItem>
              {fieldKeys.map((option) => (
                <MenuItem key={option.key} value={option.key}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name={`subject_fields_attributes.${index}.label`}
          render={({ field, fieldState }) => (
            <TextField
              {...controlledFieldProps(field, fieldState)}
              id={`${idPrefix}-label`}
              label={t('project-template.form.custom-label')}
              required={!fieldKey}
              value={field.value ?? ''}
              helperText={
                fieldMessage(fieldState.error) ??
                (keyLabel ? t('project-template.form.label-help', { label: keyLabel }) : undefined)
              }
              sx={{ flex: 1 }}
            />
          )}
        />
      </Stack>
      <Controller
        control={control}
        name={`subject_fields_attributes.${index}.visible_to_customers`}
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                checked={field.value !== false}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                id={`${idPrefix}-visible`}
              />
            }
            label={t('project-template.form.visible')}
          />
        )}
      />
    </Box>
  );
}

/** Studios and labs only; others go home before the template is asked for. */
export function EditProjectTemplatePage() {
  return (
    <RequireAbility allowed={(can) => can('template.list')}>
      <EditProjectTemplatePageScreen />
    </RequireAbility>
  );
}

/** Studios and labs only; the screen then asks for the manager's right to add one. */
export function NewProjectTemplatePage() {
  return (
    <RequireAbility allowed={(can) => can('template.list')}>
      <NewProjectTemplatePageScreen />
    </RequireAbility>
  );
}
