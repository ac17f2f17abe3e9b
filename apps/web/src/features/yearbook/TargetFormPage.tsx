import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  YEARBOOK_PUBLISHERS,
  type YearbookPublisherPreset,
  yearbookTargetInputSchema,
} from '@school-portal/domain';
import { useEffect } from 'react';
import { Controller, type Path, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { type ExportFormat, useProjectExportFormats } from '../../api/exportFormats';
import { routePath, useProjectId } from '../../app/routes';
import { FormActions, FormCard } from '../../components/forms/FormCard';
import { SelectField } from '../../components/forms/fields';
import { fieldMessage, textFieldProps } from '../../components/forms/serverErrors';
import { useSchemaForm } from '../../components/forms/useFormError';
import { useNotify } from '../../components/Notifications';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { useYearbookAbilities } from './abilities';
import {
  type TargetInput,
  useCreateTarget,
  useUpdateTarget,
  useYearbookTarget,
  type YearbookTarget,
} from './api';

/** The format a new target starts with: the built-in PSPA one, as most publishers take it. */
const PSPA_KEY = 'pspa_yearbook';

/**
 * The form's values: the domain's target input (publisher, format, deadlines checked as the server checks
 * them), the e-mail warning's days as text in its field and the school's contact blank for none.
 */
const targetFormSchema = z.object({
  publisher: z.string().min(1, "can't be blank"),
  project_export_format_id: z.string().min(1, "can't be blank"),
  deadlines: yearbookTargetInputSchema.shape.deadlines.unwrap(),
  notify_days_before: z.coerce
    .number<string>('must be a number')
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(60, 'must be 60 or less'),
  school_contact_email: z.union([
    z.literal(''),
    yearbookTargetInputSchema.shape.school_contact_email.unwrap().unwrap(),
  ]),
});
type TargetFormValues = z.input<typeof targetFormSchema>;

/** What a publisher's preset fixes of the delivery, in words (the format's own settings stand otherwise). */
function usePresetNote() {
  const { t } = useTranslation();
  return (preset: YearbookPublisherPreset) => {
    const parts = [
      preset.image_width && preset.image_height
        ? t('yearbook.form.preset.size', { width: preset.image_width, height: preset.image_height })
        : null,
      preset.data_encoding ? t('yearbook.form.preset.encoding', { encoding: preset.data_encoding }) : null,
      preset.header === null
        ? null
        : t(preset.header ? 'yearbook.form.preset.header' : 'yearbook.form.preset.no-header'),
      preset.master_file === null
        ? null
        : t(preset.master_file ? 'yearbook.form.preset.master' : 'yearbook.form.preset.no-master'),
    ].filter((part): part is string => part !== null);
    return parts.length > 0
      ? t('yearbook.form.preset.fixes', { list: parts.join(', ') })
      : t('yearbook.form.preset.none');
  };
}

/** The server's field keys (`deadlines.0.date`, `deadlines[0].date`) as the form's field names. */
function serverField(key: string): Path<TargetFormValues> | null {
  if (
    key === 'publisher' ||
    key === 'project_export_format_id' ||
    key === 'notify_days_before' ||
    key === 'school_contact_email' ||
    key === 'deadlines'
  )
    return key;
  const deadline = /^deadlines(?:\.|\[)(\d+)\]?\.(name|date)$/.exec(key);
  if (deadline) return `deadlines.${Number(deadline[1])}.${deadline[2] as 'name' | 'date'}`;
  return null;
}

interface TargetFormProps {
  projectId: string;
  formats: ExportFormat[];
  target: YearbookTarget | null;
}

function TargetFormCard({ projectId, formats, target }: TargetFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreateTarget(projectId);
  const update = useUpdateTarget(projectId, target?.id ?? '');
  const pspa = formats.find((f) => f.standard_key === PSPA_KEY);
  const {
    control,
    register,
    setValue,
    formState: { errors, isSubmitting },
    formError,
    submit,
  } = useSchemaForm(targetFormSchema, {
    defaultValues: target
      ? {
          publisher: target.publisher,
          project_export_format_id: target.project_export_format_id ?? '',
          deadlines: target.deadlines.map(({ name, date }) => ({ name, date })),
          notify_days_before: String(target.notify_days_before),
          school_contact_email: target.school_contact_email ?? '',
        }
      : {
          publisher: '',
          project_export_format_id: pspa?.id ?? '',
          deadlines: [
            { name: t('yearbook.form.deadline-presets.portrait'), date: '' },
            { name: t('yearbook.form.deadline-presets.final'), date: '' },
          ],
          notify_days_before: '7',
          school_contact_email: '',
        },
    serverFields: serverField,
    saveFailed: t('yearbook.form.save-failed'),
  });
  const deadlines = useFieldArray({ control, name: 'deadlines' });
  const publisher = useWatch({ control, name: 'publisher' });
  const preset = YEARBOOK_PUBLISHERS.find((p) => p.key === publisher);
  const presetNote = usePresetNote();
  const back = target
    ? routePath('project.yearbook-target', { projectId, targetId: target.id })
    : routePath('project.yearbook', { projectId });

  // A new target keeps PSPA once the formats have loaded.
  useEffect(() => {
    if (!target && pspa) setValue('project_export_format_id', pspa.id, { shouldValidate: false });
  }, [target, pspa, setValue]);

  const onSubmit = submit(async (values) => {
    const input: TargetInput = {
      ...values,
      school_contact_email: values.school_contact_email || null,
    };
    const saved = target ? await update.mutateAsync(input) : await create.mutateAsync(input);
    notify({ message: t('yearbook.form.saved') });
    navigate(routePath('project.yearbook-target', { projectId, targetId: saved.id }));
  });

  return (
    <FormCard label={t('yearbook.form.label')} onSubmit={onSubmit} error={formError}>
      <Stack spacing={2}>
        <SelectField
          control={control}
          name="publisher"
          id="yearbook-publisher"
          label={t('yearbook.form.publisher')}
          required
          options={YEARBOOK_PUBLISHERS.map((p) => ({ value: p.key, label: p.name }))}
          helperText={preset ? presetNote(preset) : t('yearbook.form.publisher-help')}
        />
        <SelectField
          control={control}
          name="project_export_format_id"
          id="yearbook-format"
          label={t('yearbook.form.format')}
          required
          options={formats.map((f) => ({ value: f.id, label: f.name }))}
          helperText={t('yearbook.form.format-help')}
        />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
            {t('yearbook.form.deadlines')}
          </Typography>
          <Stack spacing={2}>
            {deadlines.fields.map((item, index) => (
              <Stack
                key={item.id}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={{ xs: 1, sm: 2 }}
                sx={{ alignItems: { sm: 'flex-start' } }}
                data-testid="yearbook-deadline-row"
              >
                <TextField
                  id={`yearbook-deadline-name-${index}`}
                  label={`${t('yearbook.form.deadline-name')} ${index + 1}`}
                  sx={{ flex: 1 }}
                  {...textFieldProps(register(`deadlines.${index}.name`), errors.deadlines?.[index]?.name)}
                />
                <Controller
                  control={control}
                  name={`deadlines.${index}.date`}
                  render={({ field, fieldState }) => (
                    <TextField
                      id={`yearbook-deadline-date-${index}`}
                      type="date"
                      label={`${t('yearbook.form.deadline-date')} ${index + 1}`}
                      value={field.value ?? ''}
                      onChange={(event) => field.onChange(event.target.value)}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      name={field.name}
                      error={!!fieldState.error}
                      helperText={fieldMessage(fieldState.error)}
                      slotProps={{ inputLabel: { shrink: true } }}
                      sx={{ flex: { sm: '0 0 220px' } }}
                    />
                  )}
                />
                <IconButton
                  aria-label={t('yearbook.form.remove-deadline', { n: index + 1 })}
                  onClick={() => deadlines.remove(index)}
                  sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            ))}
          </Stack>
          <Button
            startIcon={<AddIcon />}
            sx={{ mt: 1 }}
            onClick={() => deadlines.append({ name: '', date: '' })}
          >
            {t('yearbook.form.add-deadline')}
          </Button>
          {errors.deadlines?.root?.message || errors.deadlines?.message ? (
            <Typography color="error" variant="body2" role="alert">
              {fieldMessage(errors.deadlines.root ?? errors.deadlines)}
            </Typography>
          ) : null}
        </Box>
        <TextField
          id="yearbook-notify-days"
          type="number"
          label={t('yearbook.form.notify-days')}
          slotProps={{ htmlInput: { min: 0, max: 60 } }}
          sx={{ maxWidth: 320 }}
          {...textFieldProps(register('notify_days_before'), errors.notify_days_before)}
          helperText={fieldMessage(errors.notify_days_before) ?? t('yearbook.form.notify-days-help')}
        />
        <TextField
          id="yearbook-school-contact"
          type="email"
          label={t('yearbook.form.school-contact')}
          {...textFieldProps(register('school_contact_email'), errors.school_contact_email)}
          helperText={fieldMessage(errors.school_contact_email) ?? t('yearbook.form.school-contact-help')}
        />
      </Stack>
      <FormActions
        canSave={!isSubmitting}
        saving={isSubmitting}
        saveLabel={t('yearbook.form.save')}
        savingLabel={t('yearbook.form.saving')}
        cancelLabel={t('yearbook.form.cancel')}
        cancelTo={back}
      />
    </FormCard>
  );
}

/** The project's formats, then the form. */
function TargetFormLoader({ projectId, target }: { projectId: string; target: YearbookTarget | null }) {
  const { t } = useTranslation();
  const formats = useProjectExportFormats(projectId);
  return (
    <QueryState query={formats} errorMessage={t('yearbook.form.formats-load-failed')}>
      {(formatList) => <TargetFormCard projectId={projectId} formats={formatList} target={target} />}
    </QueryState>
  );
}

/** New Yearbook Target: the publisher (a preset), the export format it takes, the deadlines with dates. */
export function NewTargetPage() {
  const { t } = useTranslation();
  const projectId = useProjectId();
  const abilities = useYearbookAbilities();
  if (!abilities.create) return <Navigate to={routePath('project.yearbook', { projectId })} replace />;
  return (
    <Page title={t('yearbook.form.new-title')} maxWidth="md">
      <TargetFormLoader projectId={projectId} target={null} />
    </Page>
  );
}

/** Edit Yearbook Target: the same form, holding the target's values. */
export function EditTargetPage() {
  const { t } = useTranslation();
  const projectId = useProjectId();
  const { targetId = '' } = useParams();
  const abilities = useYearbookAbilities();
  const target = useYearbookTarget(targetId);
  if (!abilities.update) {
    return <Navigate to={routePath('project.yearbook-target', { projectId, targetId })} replace />;
  }
  return (
    <Page title={t('yearbook.form.edit-title')} maxWidth="md">
      <QueryState
        query={target}
        errorMessage={t('yearbook.target.load-failed')}
        notFoundMessage={t('yearbook.target.not-found')}
      >
        {(data) => <TargetFormLoader projectId={projectId} target={data} />}
      </QueryState>
    </Page>
  );
}
