import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type OrganizationForm, organizationFormSchema } from '@school-portal/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useCreateOrganization } from '../../api/organizations';
import { useCan } from '../../app/can';
import { ROUTES, routePath } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { CancelAndSubmit } from '../../components/forms/FormCard';
import { Page } from '../../components/Page';
import { useChildOrganizationRole } from './childRole';
import {
  applyOrganizationServerErrors,
  OrganizationFields,
  OrganizationFormError,
} from './OrganizationFields';
import { OrganizationsNav } from './OrganizationsNav';
import { useRoleLabel } from './roleLabel';

type FormInput = OrganizationForm;
type FormOutput = z.output<typeof organizationFormSchema>;

/**
 * New organization (spec §2, §5): a studio adds a school (customer_role), a lab adds a studio
 * (studio_role); anyone else goes home. Name and role required, short code at most 9 characters.
 */
export function NewOrganizationPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const can = useCan();
  const navigate = useNavigate();
  const roleLabel = useRoleLabel();
  const parentId = user.current_account?.organization_id ?? null;
  const parentName = user.current_account?.organization.name?.trim() || t('common.missing-name');
  const role = useChildOrganizationRole();
  const create = useCreateOrganization(parentId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(organizationFormSchema),
    mode: 'onTouched',
    defaultValues: {
      name: '',
      role: role ?? 'customer_role',
      short_code: '',
      contact_name: '',
      contact_phone: '',
      contact_email: '',
      logo_url: '',
      support_url: '',
    },
  });

  if (!can.ready) return null;
  if (!role || !parentId) return <Navigate to={ROUTES.root} replace />;

  const onSubmit = handleSubmit((values) => {
    create.mutate(
      { ...values, role },
      {
        onSuccess: (organization) =>
          navigate(routePath('organization.index', { organizationId: organization.id })),
        onError: (error) => applyOrganizationServerErrors(error, setError),
      },
    );
  });

  return (
    <Page title={t('organization-form.heading')} maxWidth="md">
      <OrganizationsNav />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography color="text.secondary">{t('organization-form.intro', { parent: parentName })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('common.required-hint')}
        </Typography>
        <Box component="form" aria-label={t('organization-form.form-label')} noValidate onSubmit={onSubmit}>
          <OrganizationFormError
            serverError={errors.root?.server?.message}
            save={create}
            forbidden={t('organization-form.forbidden')}
            failed={t('organization-form.failed')}
            sx={{ mt: 2 }}
          />
          <OrganizationFields
            register={register}
            errors={errors}
            idPrefix="organization"
            autoFocus
            roleField={
              <TextField
                id="organization-role"
                label={t('organization-form.role')}
                value={roleLabel(role)}
                required
                slotProps={{ htmlInput: { readOnly: true } }}
              />
            }
          />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
            <CancelAndSubmit
              words="organization-form"
              saving={create.isPending}
              cancel={ROUTES['organizations.index']}
            />
          </Box>
        </Box>
      </Paper>
    </Page>
  );
}
