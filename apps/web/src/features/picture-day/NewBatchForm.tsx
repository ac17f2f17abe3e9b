import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type Control, Controller, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type MatchBy, uploadMappingFile, useCreatePhotoBatch } from '../../api/picture-day';
import { useSubjectFields } from '../../api/subjects';
import { routePath } from '../../app/routes';
import { FormCard } from '../../components/forms/FormCard';
import { fieldMessage } from '../../components/forms/serverErrors';
import { useFormError } from '../../components/forms/useFormError';
import { useBatchLabels } from './labels';

interface BatchForm {
  name: string;
  match_by: MatchBy;
  match_field_key: string;
  create_extras: boolean;
  newest_primary: boolean;
}

const SERVER_FIELDS: Path<BatchForm>[] = ['name', 'match_by', 'match_field_key', 'create_extras'];
const MATCH_BY: MatchBy[] = ['camera_card', 'file_name', 'mapping_file'];
const DEFAULT_FIELD = 'student_id';

/** New batch: its name, how its photos find their subjects, and the options of apply. */
export function NewBatchForm({ projectId, onCancel }: { projectId: string; onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labels = useBatchLabels();
  const create = useCreatePhotoBatch(projectId);
  const { fields } = useSubjectFields(projectId);
  const [mappingFile, setMappingFile] = useState<File | null>(null);
  const [mappingError, setMappingError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<BatchForm>({
    defaultValues: {
      name: '',
      match_by: 'camera_card',
      match_field_key: DEFAULT_FIELD,
      create_extras: false,
      newest_primary: false,
    },
  });
  const { formError, setFormError, showSaveError } = useFormError(
    setError,
    SERVER_FIELDS,
    t('picture-day.form.save-failed'),
  );
  const matchBy = watch('match_by');

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setMappingError(null);
    if (values.match_by === 'mapping_file' && !mappingFile) {
      setMappingError(t('picture-day.form.mapping-file-missing'));
      return;
    }
    try {
      const batch = await create.mutateAsync({
        name: values.name.trim(),
        match_by: values.match_by,
        ...(values.match_by === 'camera_card'
          ? { create_extras: values.create_extras }
          : { match_field_key: values.match_field_key }),
        primary: values.newest_primary ? 'newest' : 'if_none',
      });
      const to = routePath('project.picture-day.batch', { projectId, batchId: batch.id });
      if (values.match_by === 'mapping_file' && mappingFile) {
        // The batch exists: a failed mapping upload is chosen again on the batch page.
        await uploadMappingFile(batch.id, mappingFile).catch(() => undefined);
      }
      navigate(to);
    } catch (error) {
      showSaveError(error);
    }
  });

  const { ref: nameRef, ...nameField } = register('name', {
    validate: (value) => value.trim() !== '' || t('picture-day.form.name-required'),
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
        <TextField
          {...nameField}
          inputRef={nameRef}
          id="photo-batch-name"
          label={t('picture-day.form.name')}
          required
          autoFocus
          fullWidth
          error={!!errors.name}
          helperText={fieldMessage(errors.name)}
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
              <FormHelperText>{t(`picture-day.form.match-by-help.${field.value}`)}</FormHelperText>
            </FormControl>
          )}
        />
        {matchBy !== 'camera_card' && (
          <Controller
            control={control}
            name="match_field_key"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                select
                id="photo-batch-field"
                label={t('picture-day.form.field')}
                sx={{ mt: 2, minWidth: 240 }}
                error={!!fieldState.error}
                helperText={fieldMessage(fieldState.error) ?? t('picture-day.form.field-help')}
              >
                {(fieldOptions.some((o) => o.value === field.value)
                  ? fieldOptions
                  : [{ value: field.value, label: t('picture-day.form.student-id') }, ...fieldOptions]
                ).map((option) => (
                  <MenuItem key={option.value} value={option.value}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        )}
        {matchBy === 'mapping_file' && (
          <Box sx={{ mt: 2 }}>
            <Button component="label" variant="outlined">
              {t('picture-day.form.mapping-file')}
              <input
                hidden
                type="file"
                accept=".csv,.tsv,.txt,text/csv,text/plain"
                data-testid="mapping-file-input"
                onChange={(event) => {
                  setMappingFile(event.target.files?.[0] ?? null);
                  setMappingError(null);
                }}
              />
            </Button>
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

function CheckboxField({
  control,
  name,
  label,
}: {
  control: Control<BatchForm>;
  name: 'create_extras' | 'newest_primary';
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
          }
          label={label}
        />
      )}
    />
  );
}
