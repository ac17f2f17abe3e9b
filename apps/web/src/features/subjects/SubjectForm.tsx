import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { effectiveLabel, formatFieldMessage, subjectFormSchema } from '@school-portal/domain';
import { type ReactNode, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SubjectField } from '../../api/subjects';
import { applyServerFieldErrors } from '../../components/forms/serverErrors';

/** Form keys are prefixed: react-hook-form would read a bare numeric field id as an array index. */
type FormValues = Record<string, string>;
const keyOf = (fieldId: string) => `f${fieldId}`;
const idOf = (key: string) => key.slice(1);

function toProperties(values: FormValues): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [idOf(key), value ?? '']));
}

/** The shared subjectFormSchema, with its messages in the spec's wording, on the prefixed keys. */
const resolver: Resolver<FormValues> = async (values) => {
  const result = subjectFormSchema.safeParse({ properties: toProperties(values) });
  if (result.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues) {
    const fieldId = issue.path[1];
    if (typeof fieldId === 'string') {
      errors[keyOf(fieldId)] = { type: issue.code, message: formatFieldMessage(issue.message) };
    }
  }
  return { values: {}, errors };
};

interface SubjectFormProps {
  fields: SubjectField[];
  initial?: Record<string, string>;
  /** Saves the changed values; rejects with the API's error. */
  onSave: (properties: Record<string, string>) => Promise<unknown>;
  onCancel?: () => void;
  /** Only the values that changed are sent (the server merges them). */
  changedOnly?: boolean;
  extraActions?: ReactNode;
}

/**
 * The values of a subject, one text field per subject field in arrangement order. 422 answers land on
 * their fields ("properties.<id>").
 */
export function SubjectForm({
  fields,
  initial = {},
  onSave,
  onCancel,
  changedOnly = false,
  extraActions,
}: SubjectFormProps) {
  const { t } = useTranslation();
  const [topErrors, setTopErrors] = useState<string[]>([]);
  const defaultValues = Object.fromEntries(fields.map((f) => [keyOf(f.id), initial[f.id] ?? '']));
  const form = useForm<FormValues>({ defaultValues, resolver, mode: 'onBlur' });
  const { register, handleSubmit, formState, setError } = form;

  const submit = handleSubmit(async (values) => {
    setTopErrors([]);
    const properties = toProperties(values);
    const changed = changedOnly
      ? Object.fromEntries(Object.entries(properties).filter(([id, value]) => value !== (initial[id] ?? '')))
      : Object.fromEntries(Object.entries(properties).filter(([, value]) => value.trim() !== ''));
    try {
      await onSave(changed);
    } catch (error) {
      const unplaced = applyServerFieldErrors(error, setError, (key) => {
        const match = /^properties\.(\d+)$/.exec(key);
        return match && fields.some((f) => f.id === match[1]) ? keyOf(match[1]!) : null;
      });
      if (!unplaced) {
        setTopErrors([t('subjects.form.failed')]);
        return;
      }
      if (unplaced.length > 0) setTopErrors(unplaced);
    }
  });

  if (fields.length === 0) {
    return <Alert severity="info">{t('subjects.form.no-fields')}</Alert>;
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('subjects.form.label')}
      onSubmit={submit}
      sx={{ maxWidth: 640 }}
    >
      {topErrors.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {topErrors.join(' ')}
        </Alert>
      )}
      {fields.map((field) => {
        const key = keyOf(field.id);
        const label = field.effective_label || effectiveLabel(field);
        const error = formState.errors[key];
        return (
          <TextField
            key={field.id}
            label={field.visible_to_customers ? label : t('subjects.form.hidden', { label })}
            {...register(key)}
            error={!!error}
            helperText={error?.message}
            autoComplete="off"
          />
        );
      })}
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('subjects.form.saving') : t('subjects.form.save')}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={formState.isSubmitting}>
            {t('subjects.form.cancel')}
          </Button>
        )}
        {extraActions}
      </Box>
    </Box>
  );
}
