import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_HEAD_SIZE_RULE, headSizeRuleSchema } from '@school-portal/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { refreshPhotoChecks } from '../../api/photo-checks';
import { type ProjectRecord, useUpdateProject } from '../../api/projects';
import { FormCard } from '../../components/forms/FormCard';
import { textFieldProps } from '../../components/forms/serverErrors';
import { useFormError } from '../../components/forms/useFormError';
import { useNotify } from '../../components/Notifications';

/** The domain's rule, both values required here (the form always sends the two). */
const formSchema = headSizeRuleSchema.required();
type HeadSizeForm = { head_size_share: number; eye_line_from_top: number };
const FIELDS = ['head_size_share', 'eye_line_from_top'] as const;

/**
 * The project's head-size rule (the share of the frame from chin to crown, and the eye line's height):
 * saved on the project, which makes every auto crop again; crops made by hand stay.
 */
export function HeadSizeRuleForm({ project }: { project: ProjectRecord }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateProject(project.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
    reset,
  } = useForm<HeadSizeForm>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: {
      head_size_share: project.head_size_share ?? DEFAULT_HEAD_SIZE_RULE.head_size_share,
      eye_line_from_top: project.eye_line_from_top ?? DEFAULT_HEAD_SIZE_RULE.eye_line_from_top,
    },
  });
  const { formError, setFormError, showSaveError } = useFormError(
    setError,
    FIELDS,
    t('photo-checks.head-size.failed'),
  );
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync({ project: values });
      refreshPhotoChecks();
      reset(values);
      notify({ message: t('photo-checks.head-size.saved') });
    } catch (error) {
      showSaveError(error);
    }
  });
  const numberProps = { type: 'number', slotProps: { htmlInput: { step: 0.05, min: 0, max: 1 } } } as const;
  const share = textFieldProps(register('head_size_share', { valueAsNumber: true }), errors.head_size_share);
  const eyeLine = textFieldProps(
    register('eye_line_from_top', { valueAsNumber: true }),
    errors.eye_line_from_top,
  );

  return (
    <FormCard
      label={t('photo-checks.head-size.title')}
      onSubmit={onSubmit}
      error={formError}
      intro={
        <>
          <Typography component="h2" variant="h6">
            {t('photo-checks.head-size.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('photo-checks.head-size.intro')}
          </Typography>
        </>
      }
    >
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 2 }}>
        <TextField
          {...numberProps}
          {...share}
          label={t('photo-checks.head-size.share')}
          helperText={share.helperText ?? t('photo-checks.head-size.share-help')}
          sx={{ flex: '1 1 220px' }}
        />
        <TextField
          {...numberProps}
          {...eyeLine}
          label={t('photo-checks.head-size.eye-line')}
          helperText={eyeLine.helperText ?? t('photo-checks.head-size.eye-line-help')}
          sx={{ flex: '1 1 220px' }}
        />
      </Box>
      <Alert severity="info" sx={{ mt: 2 }}>
        {t('photo-checks.head-size.note')}
      </Alert>
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={!isDirty || isSubmitting}>
        {isSubmitting ? t('photo-checks.head-size.saving') : t('photo-checks.head-size.save')}
      </Button>
    </FormCard>
  );
}
