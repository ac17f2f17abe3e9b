import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type NewUserForm, newUserFormSchema } from '@school-portal/domain';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../api/client';
import { useAllSubOrganizations } from '../../api/organizations';
import { useListedProjectOrganizations } from '../../api/projects';
import { useCreateUser } from '../../api/users';
import { subOrganization, useCan, useOwnOrganization } from '../../app/can';
import { RequireAbility } from '../../app/RequireAbility';
import { ROUTES, routePath } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { CancelAndSubmit, FormCard } from '../../components/forms/FormCard';
import { applyServerFieldErrors, textFieldProps } from '../../components/forms/serverErrors';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import { mayCreateUsers, newUserTarget } from './creation';
import { UsersNav } from './UsersNav';

type FormOutput = z.output<typeof newUserFormSchema>;

interface Choice {
  id: string;
  label: string;
  /** Whether a user made here may be enabled for every app (the policy with "all apps" asked). */
  allApps: boolean;
}

const TAKEN = 'already been taken';

/**
 * The organizations a user may be added to: the own one if allowed, and those below. Spec §6 lets
 * non-managers (studio and lab staff) create users in sub-organizations, but listing organizations is the
 * managers'; for them the choices are the organizations below that hold their listed projects (what the
 * Projects filter offers them), the only organization list `project.list` lets them read.
 */
function useOrganizationChoices() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const can = useCan();
  const ownTarget = useOwnOrganization();
  const own = user.current_account?.organization ?? null;
  const readsTree = can('organization.list-children');
  const tree = useAllSubOrganizations(readsTree ? own?.id : null);
  const listed = useListedProjectOrganizations(own?.id, !readsTree);
  const below = readsTree ? tree : listed;
  const choices = useMemo<Choice[]>(() => {
    if (!own || !ownTarget || !below.data) return [];
    const list: Choice[] = [];
    if (can('user.create', newUserTarget(ownTarget))) {
      const allApps = can('user.create', newUserTarget(ownTarget, true));
      list.push({ id: own.id, label: own.name?.trim() || t('common.missing-name'), allApps });
    }
    for (const organization of below.data) {
      // The projects list names the own organization too when it has projects of its own.
      if (organization.id === own.id) continue;
      const target = subOrganization(organization);
      if (!can('user.create', newUserTarget(target))) continue;
      const name = organization.name.trim() || t('common.missing-name');
      const parent =
        organization.parent_organization_id !== own.id ? organization.parent_organization_name : null;
      const allApps = can('user.create', newUserTarget(target, true));
      list.push({ id: organization.id, label: parent ? `${parent} › ${name}` : name, allApps });
    }
    return list;
  }, [own, ownTarget, can, below.data, t]);
  return { choices, query: below, hasAccount: !!own };
}

/** New User (spec §2, §5): name, e-mail and organization required; save enabled only when valid. */
function NewUserPageScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('organizationId') ?? '';
  const { choices, query } = useOrganizationChoices();
  const allApps = choices.some((c) => c.allApps);
  const create = useCreateUser();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isValid },
  } = useForm<NewUserForm, unknown, FormOutput>({
    resolver: zodResolver(newUserFormSchema),
    mode: 'onChange',
    defaultValues: { name: '', email: '', organization_id: '', enable_for_all_apps: false },
  });

  // Preselect the organization asked for in the address, or the only choice.
  useEffect(() => {
    if (choices.length === 0 || getValues('organization_id')) return;
    const initial =
      choices.find((c) => c.id === requested)?.id ?? (choices.length === 1 ? choices[0]?.id : '');
    if (initial) setValue('organization_id', initial, { shouldValidate: true });
  }, [choices, requested, getValues, setValue]);

  const onSubmit = handleSubmit((values) => {
    create.mutate(
      {
        organizationId: values.organization_id,
        name: values.name,
        email: values.email,
        enableForAllApps: allApps ? values.enable_for_all_apps : undefined,
      },
      {
        onSuccess: (user) => navigate(routePath('user.index', { userId: user.id })),
        onError: (error) => {
          applyServerFieldErrors(error, setError, ['name', 'email', 'organization_id'], {
            root: true,
            focus: false,
          });
        },
      },
    );
  });

  const fieldErrors = create.isError && isApiError(create.error) ? create.error.fieldErrors : undefined;
  // Spec §5: "already been taken" in an e-mail error is also shown at the top.
  const emailTaken = errors.email?.type === 'server' && !!fieldErrors?.email?.some((m) => m.includes(TAKEN));
  const topError = emailTaken
    ? t('new-user.email-taken')
    : (errors.root?.server?.message ??
      (create.isError && !fieldErrors
        ? isApiError(create.error, 403)
          ? t('new-user.forbidden')
          : t('new-user.failed')
        : null));

  let body: ReactNode;
  if (query.isPending && query.fetchStatus !== 'idle') body = <LoadingScreen />;
  else if (query.isError) {
    body = (
      <ErrorState message={t('new-user.organizations-load-failed')} onRetry={() => void query.refetch()} />
    );
  } else if (choices.length === 0) body = <EmptyState message={t('new-user.no-organizations')} />;
  else {
    body = (
      <FormCard
        label={t('new-user.form-label')}
        onSubmit={onSubmit}
        error={topError}
        intro={
          <Typography variant="body2" color="text.secondary">
            {t('common.required-hint')}
          </Typography>
        }
      >
        <TextField
          {...textFieldProps(register('name'), errors.name)}
          id="new-user-name"
          label={t('new-user.name')}
          required
          autoFocus
          autoComplete="off"
        />
        <TextField
          {...textFieldProps(register('email'), errors.email)}
          id="new-user-email"
          label={t('new-user.email')}
          type="email"
          required
          autoComplete="off"
        />
        <TextField
          {...textFieldProps(register('organization_id'), errors.organization_id)}
          id="new-user-organization"
          select
          label={t('new-user.organization')}
          required
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="" disabled>
            {t('new-user.choose-organization')}
          </option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </TextField>
        {allApps && (
          <Box sx={{ mt: 1 }}>
            <FormControlLabel
              control={<Checkbox {...register('enable_for_all_apps')} id="new-user-all-apps" />}
              label={t('new-user.enable-for-all-apps')}
            />
            <FormHelperText sx={{ mt: 0 }}>{t('new-user.enable-for-all-apps-help')}</FormHelperText>
          </Box>
        )}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
          <CancelAndSubmit
            words="new-user"
            saving={create.isPending}
            disabled={!isValid}
            cancel={ROUTES['users.index']}
          />
        </Box>
      </FormCard>
    );
  }

  return (
    <Page title={t('new-user.heading')} maxWidth="md">
      <UsersNav />
      {body}
    </Page>
  );
}

/** New User only where it leads somewhere (the tab's own rule); others go home before the organizations are asked for. */
export function NewUserPage() {
  return (
    <RequireAbility allowed={mayCreateUsers}>
      <NewUserPageScreen />
    </RequireAbility>
  );
}
