import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { attachmentRequestFormSchema, attachmentRequestProjectIdsSchema } from '@school-portal/domain';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  type FileRequestProjectOption,
  useCreateAttachmentRequest,
  useFileRequestProjectOptions,
} from '../../api/attachments';
import { isApiError } from '../../api/client';
import { ROUTES, routePath } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { ErrorState } from '../../components/ErrorState';
import { FormActions, FormCard } from '../../components/forms/FormCard';
import { fieldMessage, textFieldProps } from '../../components/forms/serverErrors';
import { useSchemaForm } from '../../components/forms/useFormError';
import { useNotify } from '../../components/Notifications';
import { Page } from '../../components/Page';
import { FileRequestsNav } from './FileRequestsNav';

/** Spec §5: name, description and at least one project required (the shared schemas). */
const formSchema = attachmentRequestFormSchema.extend({ project_ids: attachmentRequestProjectIdsSchema });
type FieldName = 'name' | 'description' | 'project_ids';

/** Server error keys to form fields (`project_ids.0` belongs to the projects field too). */
function fieldForServerKey(key: string): FieldName | null {
  if (key === 'name' || key === 'description') return key;
  if (key === 'project_ids' || key.startsWith('project_ids.') || key === 'projects') return 'project_ids';
  return null;
}

/** New file request (spec §2): Name, Description / Special Instructions and the Projects asked. */
export function NewAttachmentRequestPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const notify = useNotify();
  const organizationId = user.current_account?.organization_id ?? null;
  const projects = useFileRequestProjectOptions(organizationId);
  const create = useCreateAttachmentRequest();
  const {
    control,
    register,
    formState: { errors, isValid, isSubmitting },
    formError,
    submit,
  } = useSchemaForm(formSchema, {
    defaultValues: { name: '', description: '', project_ids: [] },
    serverFields: fieldForServerKey,
    saveFailed: t('attachment-requests.form.save-failed'),
  });

  const optionsById = useMemo(
    () => new Map((projects.data ?? []).map((project) => [project.id, project])),
    [projects.data],
  );

  const onSubmit = submit(
    async (values) => {
      const request = await create.mutateAsync({
        attachment_request: { name: values.name, description: values.description },
        project_ids: values.project_ids,
      });
      notify({ message: t('attachment-requests.form.saved', { name: request.name }) });
      navigate(routePath('attachment-request.index', { attachmentRequestId: request.id }));
    },
    (error) => (isApiError(error, 403) ? t('attachment-requests.form.forbidden') : null),
  );

  const busy = isSubmitting || create.isPending;

  return (
    <Page title={t('attachment-requests.form.heading')} maxWidth="md">
      <FileRequestsNav />
      <FormCard
        label={t('attachment-requests.form.form-label')}
        onSubmit={onSubmit}
        error={formError}
        intro={<Typography color="text.secondary">{t('attachment-requests.form.intro')}</Typography>}
      >
        <TextField
          {...textFieldProps(register('name'), errors.name)}
          id="file-request-name"
          label={t('attachment-requests.form.name')}
          placeholder={t('attachment-requests.form.name-placeholder')}
          required
          autoFocus
          autoComplete="off"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          {...textFieldProps(register('description'), errors.description)}
          id="file-request-description"
          label={t('attachment-requests.form.description')}
          required
          multiline
          minRows={4}
        />
        {projects.isError ? (
          <ErrorState
            message={t('attachment-requests.form.projects-load-failed')}
            onRetry={() => void projects.refetch()}
          />
        ) : (
          <Controller
            control={control}
            name="project_ids"
            render={({ field, fieldState }) => {
              const selected = (field.value ?? [])
                .map((id) => optionsById.get(String(id)))
                .filter((option): option is FileRequestProjectOption => !!option);
              const emptyList = projects.isSuccess && projects.data.length === 0;
              return (
                <Autocomplete
                  multiple
                  id="file-request-projects"
                  options={projects.data ?? []}
                  value={selected}
                  loading={projects.isPending}
                  loadingText={t('attachment-requests.form.projects-loading')}
                  noOptionsText={
                    emptyList
                      ? t('attachment-requests.form.projects-empty')
                      : t('attachment-requests.form.no-options')
                  }
                  groupBy={(option) => option.organization_name ?? ''}
                  getOptionLabel={(option) =>
                    option.short_code ? `${option.name} (${option.short_code})` : option.name
                  }
                  isOptionEqualToValue={(option, value) => option.id === value.id}
                  filterSelectedOptions
                  disableCloseOnSelect
                  onChange={(_event, value) => field.onChange(value.map((option) => option.id))}
                  onBlur={field.onBlur}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={field.ref}
                      name={field.name}
                      label={t('attachment-requests.form.projects')}
                      required
                      error={!!fieldState.error}
                      helperText={
                        fieldMessage(fieldState.error) ??
                        (emptyList
                          ? t('attachment-requests.form.projects-empty')
                          : t('attachment-requests.form.projects-help'))
                      }
                    />
                  )}
                />
              );
            }}
          />
        )}
        <Alert severity="info" sx={{ mt: 2 }} data-testid="file-request-info">
          {t('attachment-requests.form.info')}
        </Alert>
        {!isValid && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="required-hint">
            {t('attachment-requests.form.required-hint')}
          </Alert>
        )}
        <FormActions
          canSave={isValid && !busy}
          saving={busy}
          words="attachment-requests.form"
          cancelTo={ROUTES['attachment-requests.index']}
        />
      </FormCard>
    </Page>
  );
}
