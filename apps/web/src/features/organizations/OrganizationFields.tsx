import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { formatFieldMessage, SHORT_CODE_MAX_LENGTH } from '@school-portal/domain';
import type { ReactNode } from 'react';
import type { FieldError, Path, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { applyServerFieldErrors } from '../../components/forms/serverErrors';

/** The organization form's text fields, in screen order (spec §3). */
export const ORGANIZATION_TEXT_FIELDS = [
  'name',
  'short_code',
  'contact_name',
  'contact_phone',
  'contact_email',
  'logo_url',
  'support_url',
] as const;
export type OrganizationFieldName = (typeof ORGANIZATION_TEXT_FIELDS)[number];

type Register = (field: OrganizationFieldName) => UseFormRegisterReturn<string>;
type Errors = Partial<Record<OrganizationFieldName, FieldError | undefined>>;

/** Shows 422 field errors under their fields (capital letter, closing period); the rest at the top. */
export function applyOrganizationServerErrors<T extends Record<OrganizationFieldName, string>>(
  error: unknown,
  setError: UseFormSetError<T>,
): void {
  applyServerFieldErrors(error, setError, ORGANIZATION_TEXT_FIELDS as unknown as Path<T>[], {
    root: true,
    focus: false,
  });
}

/**
 * The message above an organization form: the server's messages no field took, or, when the save
 * failed without field messages, the screen's words for a refusal (403) or any other failure.
 */
export function OrganizationFormError({
  serverError,
  save,
  forbidden,
  failed,
  sx,
}: {
  serverError: string | undefined;
  save: { isError: boolean; error: unknown };
  forbidden: string;
  failed: string;
  sx?: SxProps<Theme>;
}) {
  const failure =
    save.isError && !(isApiError(save.error) && save.error.fieldErrors)
      ? isApiError(save.error, 403)
        ? forbidden
        : failed
      : null;
  if (!serverError && !failure) return null;
  return (
    <Alert severity="error" role="alert" sx={sx} data-testid="form-error">
      {serverError ?? failure}
    </Alert>
  );
}

interface OrganizationFieldsProps {
  register: Register;
  errors: Errors;
  idPrefix: string;
  /** Shown after the name (the new-organization form's fixed role). */
  roleField?: ReactNode;
  autoFocus?: boolean;
}

/** Name, short code, contacts, logo and support address, with their validation messages. */
export function OrganizationFields({
  register,
  errors,
  idPrefix,
  roleField,
  autoFocus,
}: OrganizationFieldsProps) {
  const { t } = useTranslation();
  const messageOf = (field: OrganizationFieldName) => {
    const message = errors[field]?.message;
    return message ? formatFieldMessage(message) : undefined;
  };
  const bind = (field: OrganizationFieldName, label: string) => ({
    ...register(field),
    id: `${idPrefix}-${field.replaceAll('_', '-')}`,
    label,
    error: !!messageOf(field),
    helperText: messageOf(field),
  });
  return (
    <>
      <TextField {...bind('name', t('organization-form.name'))} required autoFocus={autoFocus} />
      {roleField}
      <TextField
        {...bind('short_code', t('organization-form.short-code'))}
        helperText={
          messageOf('short_code') ?? t('organization-form.short-code-help', { count: SHORT_CODE_MAX_LENGTH })
        }
      />
      <TextField {...bind('contact_name', t('organization-form.contact-name'))} autoComplete="off" />
      <TextField
        {...bind('contact_phone', t('organization-form.contact-phone'))}
        type="tel"
        autoComplete="off"
      />
      <TextField
        {...bind('contact_email', t('organization-form.contact-email'))}
        type="email"
        autoComplete="off"
      />
      <TextField {...bind('logo_url', t('organization-form.logo-url'))} type="url" />
      <TextField {...bind('support_url', t('organization-form.support-url'))} type="url" />
    </>
  );
}
