import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_HEAD_SIZE_RULE, headSizeRuleSchema } from '@school-portal/domain';
import { useTranslation } from 'react-i18next';
import { refreshPhotoChecks } from '../../api/photo-checks';
import { type ProjectRecord, useUpdateProject } from '../../api/projects';
import { FormCard } from '../../components/forms/FormCard';
import { textFieldProps } from '../../components/forms/serverErrors';
import { useSchemaForm } from '../../components/forms/useFormError';
import { useNotify } from '../../components/Notifications';
import { SubHeading } from '../../components/SubHeading';

/** The domain's rule, both values required here (the form always sends the two). */
const formSchema = headSizeRuleSchema.required();
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
    formState: { errors, isSubmitting, isDirty },
    reset,
    formError,
    submit,
  } = useSchemaForm(formSchema, {
    defaultValues: {
      head_size_share: project.head_size_share ?? DEFAULT_HEAD_SIZE_RULE.head_size_share,
      eye_line_from_top: project.eye_line_from_top ?? DEFAULT_HEAD_SIZE_RULE.eye_line_from_top,
    },
    serverFields: FIELDS,
    saveFailed: t('photo-checks.head-size.failed'),
  });
  const onSubmit = submit(async (values) => {
    await update.mutateAsync({ project: values });
    refreshPhotoChecks();
    reset(values);
    notify({ message: t('photo-checks.head-size.saved') });
  });
  /** A share of the frame (0 to 1), with its help under it while it has no message. */
  const shareField = (name: (typeof FIELDS)[number], label: string, help: string) => {
    const props = textFieldProps(register(name, { valueAsNumber: true }), errors[name]);
    return (
      <TextField
        type="number"
        slotProps={{ htmlInput: { step: 0.05, min: 0, max: 1 } }}
        {...props}
        label={label}
        helperText={props.helperText ?? help}
        sx={{ flex: '1 1 220px' }}
      />
    );
  };

  return (
    <FormCard
      label={t('photo-checks.head-size.title')}
      onSubmit={onSubmit}
      error={formError}
      intro={
        <>
          <SubHeading>{t('photo-checks.head-size.title')}</SubHeading>
          <Typography variant="body2" color="text.secondary">
            {t('photo-checks.head-size.intro')}
          </Typography>
        </>
      }
    >
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 2 }}>
        {shareField(
          'head_size_share',
          t('photo-checks.head-size.share'),
          t('photo-checks.head-size.share-help'),
        )}
        {shareField(
          'eye_line_from_top',
          t('photo-checks.head-size.eye-line'),
          t('photo-checks.head-size.eye-line-help'),
        )}
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
