import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Controller, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  MAPPING_FILE_TYPES,
  type MatchBy,
  uploadMappingFile,
  useCreatePhotoBatch,
} from '../../api/picture-day';
import { useSubjectFields } from '../../api/subjects';
import { routePath } from '../../app/routes';
import { FilePickerButton } from '../../components/FilePickerButton';
import { FormCard } from '../../components/forms/FormCard';
import { CheckboxField, SelectField } from '../../components/forms/fields';
import { NameField } from '../../components/forms/NameField';
import { useSchemaForm } from '../../components/forms/useFormError';
import { usePhotoSessions } from '../photo-sessions/api';
import { useBatchLabels } from './labels';

const MATCH_BY = [
  'camera_card',
  'check_in',
  'file_name',
  'mapping_file',
] as const satisfies readonly MatchBy[];
const DEFAULT_FIELD = 'student_id';

/**
 * The batch form: a name that is not blank (`nameRequired` says so), how photos match (by check-in: the
 * photo session whose check-ins, `sessionRequired` when none is chosen), apply's options.
 */
const batchSchema = (nameRequired: string, sessionRequired: string) =>
  z
    .object({
      name: z.string().refine((value) => value.trim() !== '', nameRequired),
      match_by: z.enum(MATCH_BY),
      match_field_key: z.string(),
      photo_session_id: z.string(),
      create_extras: z.boolean(),
      retakes: z.boolean(),
      newest_primary: z.boolean(),
    })
    .refine((values) => values.match_by !== 'check_in' || values.photo_session_id !== '', {
      message: sessionRequired,
      path: ['photo_session_id'],
    });
type BatchForm = z.infer<ReturnType<typeof batchSchema>>;

const SERVER_FIELDS: Path<BatchForm>[] = [
  'name',
  'match_by',
  'match_field_key',
  'photo_session_id',
  'create_extras',
  'retakes',
];

/** New batch: its name, how its photos find their subjects, and the options of apply. */
export function NewBatchForm({ projectId, onCancel }: { projectId: string; onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labels = useBatchLabels();
  const create = useCreatePhotoBatch(projectId);
  const { fields } = useSubjectFields(projectId);
  const [mappingFile, setMappingFile] = useState<File | null>(null);
  const [mappingError, setMappingError] = useState<string | null>(null);
  const schema = useMemo(
    () => batchSchema(t('picture-day.form.name-required'), t('picture-day.form.session-required')),
    [t],
  );
  const {
    control,
    register,
    setValue,
    watch,
    formState: { errors, isSubmitting },
    formError,
    submit,
  } = useSchemaForm(schema, {
    // Checked when sent, as before any field is touched.
    mode: 'onSubmit',
    defaultValues: {
      name: '',
      match_by: 'camera_card',
      match_field_key: DEFAULT_FIELD,
      photo_session_id: '',
      create_extras: false,
      retakes: false,
      newest_primary: false,
    },
    serverFields: SERVER_FIELDS,
    saveFailed: t('picture-day.form.save-failed'),
  });
  const matchBy = watch('match_by');
  const fieldKey = watch('match_field_key');
  const retakes = watch('retakes');
  const sessions = usePhotoSessions(projectId, matchBy === 'check_in');
  // A retake batch makes the newest photo primary by default (the user may still untick it).
  useEffect(() => {
    if (retakes) setValue('newest_primary', true);
  }, [retakes, setValue]);

  const onSubmit = submit(async (values) => {
    setMappingError(null);
    if (values.match_by === 'mapping_file' && !mappingFile) {
      setMappingError(t('picture-day.form.mapping-file-missing'));
      return;
    }
    const batch = await create.mutateAsync({
      name: values.name.trim(),
      match_by: values.match_by,
      ...(values.match_by === 'camera_card'
        ? { create_extras: values.create_extras }
        : values.match_by === 'check_in'
          ? { photo_session_id: values.photo_session_id }
          : { match_field_key: values.match_field_key }),
      retakes: values.retakes,
      primary: values.newest_primary ? 'newest' : 'if_none',
    });
    const to = routePath('project.picture-day.batch', { projectId, batchId: batch.id });
    if (values.match_by === 'mapping_file' && mappingFile) {
      // The batch exists: a failed mapping upload is chosen again on the batch page.
      await uploadMappingFile(batch.id, mappingFile).catch(() => undefined);
    }
    navigate(to);
  });

  const fieldOptions = fields.map((field) => ({
    value: field.field_key ?? field.id,
    label: field.effective_label,
  }));

  return (
    <Box sx={{ mb: 3 }}>
      <FormCard
        label={t('picture-day.form.label')}
        onSubmit={onSubmit}
        error={formError}
        intro={
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
            {t('picture-day.new-batch')}
          </Typography>
        }
      >
        <NameField
          register={register}
          error={errors.name}
          id="photo-batch-name"
          label={t('picture-day.form.name')}
          fullWidth
        />
        <Controller
          control={control}
          name="match_by"
          render={({ field }) => (
            <FormControl component="fieldset" sx={{ mt: 2, display: 'block' }}>
              <FormLabel component="legend">{t('picture-day.form.match-by')}</FormLabel>
              <RadioGroup {...field} row>
                {MATCH_BY.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    label={labels.matchBy(value)}
                  />
                ))}
              </RadioGroup>
              <FormHelperText>
                {t(`picture-day.form.match-by-help.${field.value as (typeof MATCH_BY)[number]}`)}
              </FormHelperText>
            </FormControl>
          )}
        />
        {matchBy === 'check_in' && (
          <SelectField
            control={control}
            name="photo_session_id"
            id="photo-batch-session"
            label={t('picture-day.form.session')}
            sx={{ mt: 2, minWidth: 240 }}
            helperText={
              sessions.isError
                ? t('picture-day.form.sessions-failed')
                : sessions.data?.length === 0
                  ? t('picture-day.form.no-sessions')
                  : t('picture-day.form.session-help')
            }
            options={(sessions.data ?? []).map((session) => ({
              value: session.id,
              label: t('picture-day.form.session-option', { name: session.name, date: session.date }),
            }))}
          />
        )}
        {(matchBy === 'file_name' || matchBy === 'mapping_file') && (
          <SelectField
            control={control}
            name="match_field_key"
            id="photo-batch-field"
            label={t('picture-day.form.field')}
            sx={{ mt: 2, minWidth: 240 }}
            helperText={t('picture-day.form.field-help')}
            options={
              fieldOptions.some((option) => option.value === fieldKey)
                ? fieldOptions
                : [{ value: fieldKey, label: t('picture-day.form.student-id') }, ...fieldOptions]
            }
          />
        )}
        {matchBy === 'mapping_file' && (
          <Box sx={{ mt: 2 }}>
            <FilePickerButton
              accept={MAPPING_FILE_TYPES}
              testId="mapping-file-input"
              onPick={(files) => {
                setMappingFile(files[0] ?? null);
                setMappingError(null);
              }}
            >
              {t('picture-day.form.mapping-file')}
            </FilePickerButton>
            <Typography component="span" sx={{ ml: 2 }}>
              {mappingFile?.name ?? t('picture-day.form.mapping-file-none')}
            </Typography>
            <FormHelperText error={!!mappingError}>
              {mappingError ?? t('picture-day.form.mapping-file-help')}
            </FormHelperText>
          </Box>
        )}
        <Stack sx={{ mt: 2 }}>
          {matchBy === 'camera_card' && (
            <CheckboxField
              control={control}
              name="create_extras"
              label={t('picture-day.form.create-extras')}
            />
          )}
          <CheckboxField control={control} name="retakes" label={t('picture-day.form.retakes')} />
          <CheckboxField
            control={control}
            name="newest_primary"
            label={t('picture-day.form.newest-primary')}
          />
        </Stack>
        <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? t('picture-day.form.creating') : t('picture-day.form.create')}
          </Button>
          <Button onClick={onCancel}>{t('picture-day.form.cancel')}</Button>
        </Stack>
      </FormCard>
    </Box>
  );
}
