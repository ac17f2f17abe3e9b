import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type SeasonForm, seasonFormSchema } from '@school-portal/domain';
import { Controller, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useCreateSeason } from '../../api/seasons';
import { useCan, useOwnOrganization } from '../../app/can';
import { ROUTES } from '../../app/routes';
import { FormActions, FormCard } from '../../components/forms/FormCard';
import { CheckboxField } from '../../components/forms/fields';
import { NameField } from '../../components/forms/NameField';
import { fieldMessage } from '../../components/forms/serverErrors';
import { useSchemaForm } from '../../components/forms/useFormError';
import { useNotify } from '../../components/Notifications';
import { Page } from '../../components/Page';
import { SeasonsNav } from './SeasonsNav';

const SERVER_FIELDS: Path<SeasonForm>[] = ['name', 'period_start', 'period_end', 'current'];

/** New Season (spec §2, §5: name required) in the own studio or lab. */
export function NewSeasonPage() {
  const { t } = useTranslation();
  const can = useCan();
  const own = useOwnOrganization();
  if (!own || !can('season.create', own)) return <Navigate to={ROUTES.root} replace />;
  return (
    <Page title={t('seasons.form.heading')} maxWidth="md">
      <SeasonsNav />
      <SeasonFormCard organizationId={own.id} />
    </Page>
  );
}

function SeasonFormCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreateSeason(organizationId);
  const {
    control,
    register,
    formState: { errors, isValid, isSubmitting },
    formError,
    submit,
  } = useSchemaForm(seasonFormSchema, {
    // A date message shows at once, not after the field loses focus.
    mode: 'onChange',
    defaultValues: { name: '', period_start: null, period_end: null, current: false },
    serverFields: SERVER_FIELDS,
    saveFailed: t('seasons.form.save-failed'),
  });

  const onSubmit = submit(async (values) => {
    const season = await create.mutateAsync(values);
    notify({ message: t('seasons.form.saved', { name: season.name }) });
    navigate(ROUTES['seasons.index']);
  });

  const dateField = (name: 'period_start' | 'period_end', label: string) => (
    <Controller
      control={control}
      name={name}
      // A new start date checks the end date again (the order rule is reported on the end date).
      rules={name === 'period_start' ? { deps: ['period_end'] } : undefined}
      render={({ field, fieldState }) => (
        <TextField
          id={`season-${name.replace('_', '-')}`}
          type="date"
          label={label}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value || null)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          error={!!fieldState.error}
          helperText={fieldMessage(fieldState.error)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
    />
  );

  return (
    <FormCard label={t('seasons.form.form-label')} onSubmit={onSubmit} error={formError}>
      <NameField register={register} error={errors.name} id="season-name" label={t('seasons.form.name')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        {dateField('period_start', t('seasons.form.period-start'))}
        {dateField('period_end', t('seasons.form.period-end'))}
      </Stack>
      <CheckboxField control={control} name="current" label={t('seasons.form.current')} sx={{ mt: 1 }} />
      <FormActions
        canSave={isValid && !isSubmitting}
        saving={isSubmitting}
        words="seasons.form"
        cancelTo={ROUTES['seasons.index']}
      />
    </FormCard>
  );
}
