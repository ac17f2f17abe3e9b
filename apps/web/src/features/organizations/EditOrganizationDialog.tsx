import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { organizationFormSchema } from '@school-portal/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type OrganizationDetail, useUpdateOrganization } from '../../api/organizations';
import { CancelAndSubmit } from '../../components/forms/FormCard';
import { useNotify } from '../../components/Notifications';
import {
  applyOrganizationServerErrors,
  OrganizationFields,
  OrganizationFormError,
} from './OrganizationFields';

/** The organization form without the role, which never changes after creation. */
const editSchema = organizationFormSchema.omit({ role: true });
type FormInput = z.input<typeof editSchema>;
type FormOutput = z.output<typeof editSchema>;

interface EditOrganizationDialogProps {
  organization: OrganizationDetail;
  open: boolean;
  onClose: () => void;
}

/** PATCH /api/organizations/:id with the same rules as the new-organization form. */
export function EditOrganizationDialog({ organization, open, onClose }: EditOrganizationDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateOrganization(organization.id);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(editSchema),
    mode: 'onTouched',
    values: {
      name: organization.name,
      short_code: organization.short_code ?? '',
      contact_name: organization.contact_name ?? '',
      contact_phone: organization.contact_phone ?? '',
      contact_email: organization.contact_email ?? '',
      logo_url: organization.logo_url ?? '',
      support_url: organization.support_url ?? '',
    },
  });

  const close = () => {
    update.reset();
    reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => {
        notify({ message: t('organization-edit.saved', { name: values.name }) });
        close();
      },
      onError: (error) => applyOrganizationServerErrors(error, setError),
    });
  });

  return (
    <Dialog
      open={open}
      onClose={update.isPending ? undefined : close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="edit-organization-title"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id="edit-organization-title">{t('organization-edit.heading')}</DialogTitle>
      <DialogContent>
        <OrganizationFormError
          serverError={errors.root?.server?.message}
          save={update}
          forbidden={t('organization-edit.forbidden')}
          failed={t('organization-edit.failed')}
        />
        <OrganizationFields register={register} errors={errors} idPrefix="edit-organization" autoFocus />
      </DialogContent>
      <DialogActions>
        <CancelAndSubmit words="organization-edit" saving={update.isPending} cancel={close} />
      </DialogActions>
    </Dialog>
  );
}
