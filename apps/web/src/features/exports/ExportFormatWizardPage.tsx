import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { can, copyName, exportFormatFormSchema, newExportFormatDefaults } from '@school-portal/domain';
import { type ReactNode, useState } from 'react';
import { FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  type ExportFormat,
  exportFormatRef,
  useCopyExportFormat,
  useExportFormat,
  useSaveExportFormat,
} from '../../api/exportFormats';
import { useProject } from '../../api/projects';
import { useSessionAbilities } from '../../api/sessionAbilities';
import { routePath, useProjectId } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { useFormError } from '../../components/forms/useFormError';
import { useNotify } from '../../components/Notifications';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { WizardActions } from '../../components/WizardActions';
import { DirectoriesStep, ImagesStep, NameStep } from './WizardBasicSteps';
import { DataStep } from './WizardDataStep';
import { ReviewStep } from './WizardReviewStep';
import { type Draft, draftFieldOf, draftOf, STEPS, stepFields, stepOf } from './wizardSteps';

/** The domain's §5 rules of a format, checked in the browser at Next (the step's fields) and at Save. */
const resolver = zodResolver(exportFormatFormSchema) as unknown as Resolver<Draft>;

/** The earliest step showing one of these fields (server keys such as `field_mappings.0.field_key` too). */
const firstStepOf = (keys: string[]) => Math.min(...keys.map(stepOf));

/**
 * The wizard on a new format, an existing one (`format`), or a copy of one (`copyOf`: starts from its values
 * as "name (Copy)" and saves through the copy call). One react-hook-form form holds every step's values;
 * only the open step's fields are mounted, the others keep their values in the form.
 */
function Wizard({
  projectId,
  format,
  copyOf,
}: {
  projectId: string;
  format?: ExportFormat;
  copyOf?: ExportFormat;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const abilities = useSessionAbilities();
  const saveFormat = useSaveExportFormat(format?.id);
  const copyFormat = useCopyExportFormat(copyOf?.id);
  const save = copyOf ? copyFormat : saveFormat;
  const form = useForm<Draft>({
    resolver,
    // Messages of a closed step open that step instead of focusing a field that is not shown.
    shouldFocusError: false,
    defaultValues: (() => {
      if (format) return draftOf(format);
      if (copyOf)
        return {
          ...draftOf(copyOf),
          name: copyName(copyOf.name),
          // A copy is shared again only by those who may share.
          available_to_suborganizations:
            copyOf.available_to_suborganizations && can(abilities, 'export-format.share'),
        };
      return newExportFormatDefaults();
    })(),
  });
  const [active, setActive] = useState(0);
  // Server messages go under their fields (the step that shows the first one opens); others above.
  const placed: string[] = [];
  const { formError, setFormError, showSaveError } = useFormError(
    form.setError,
    (key) => {
      const field = draftFieldOf(key);
      if (field) placed.push(key);
      return field;
    },
    t('exports.wizard.save-failed'),
  );
  const mayShare = can(abilities, 'export-format.share') || !!format?.available_to_suborganizations;
  const user = useSessionUser();
  const project = useProject(projectId);
  const shared = useWatch({ control: form.control, name: 'available_to_suborganizations' });
  // Who will see the format: it belongs to its organization (a new one, the caller's), and a project of an
  // organization below sees it only when it is made available to sub-organizations.
  const ownerId = format?.organization_id ?? user.current_account?.organization_id ?? user.organization_id;
  const ownerName = format?.organization_name ?? user.organization_name;
  const projectOrganization = project.data
    ? { id: project.data.organization_id, name: project.data.organization_name }
    : null;
  const audience =
    ownerId && ownerName && projectOrganization && projectOrganization.id !== ownerId
      ? t(shared ? 'exports.wizard.audience-shared' : 'exports.wizard.audience-private', {
          owner: ownerName,
          organization: projectOrganization.name,
        })
      : null;

  const next = async () => {
    if (await form.trigger(stepFields(active))) setActive((s) => s + 1);
  };

  const submit = form.handleSubmit(
    () => {
      setFormError(null);
      // The draft as typed (the server applies the same normalisation the schema's transform does).
      save.mutate(form.getValues(), {
        onSuccess: (saved) => {
          notify({ message: t('exports.wizard.saved', { name: saved.name }) });
          navigate(`${routePath('project.exports', { projectId })}?tab=custom`);
        },
        onError: (error) => {
          placed.length = 0;
          showSaveError(error);
          if (placed.length > 0) setActive(firstStepOf(placed));
        },
      });
    },
    (errors) => setActive(firstStepOf(Object.keys(errors))),
  );

  const bodies: Record<(typeof STEPS)[number], ReactNode> = {
    name: <NameStep mayShare={mayShare} audience={audience} />,
    directories: <DirectoriesStep />,
    images: <ImagesStep />,
    data: <DataStep projectId={projectId} />,
    review: <ReviewStep mayShare={mayShare} audience={audience} />,
  };

  const last = active === STEPS.length - 1;
  return (
    <Page title={t(format ? 'exports.wizard.edit-title' : 'exports.wizard.new-title')} maxWidth="md">
      {formError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      <FormProvider {...form}>
        <Stepper activeStep={active} orientation="vertical">
          {STEPS.map((step, index) => (
            <Step key={step}>
              <StepLabel>{t(`exports.wizard.steps.${step}`)}</StepLabel>
              {/* No expand animation: a click on a step still growing in was sometimes lost. */}
              <StepContent slotProps={{ transition: { unmountOnExit: true, timeout: 0 } }}>
                {/* Only the active step's fields and buttons: a closing step is still animating out. */}
                {index === active && <Box sx={{ py: 1 }}>{bodies[step]}</Box>}
                {index === active && (
                  <WizardActions
                    active={index}
                    cancelTo={routePath('project.exports', { projectId })}
                    cancelLabel={t('exports.wizard.cancel')}
                    backLabel={t('exports.wizard.back')}
                    onBack={() => setActive(index - 1)}
                    backDisabled={save.isPending}
                  >
                    <Button
                      variant="contained"
                      onClick={() => void (last ? submit() : next())}
                      disabled={save.isPending}
                    >
                      {last
                        ? save.isPending
                          ? t('exports.wizard.saving')
                          : t('exports.wizard.save')
                        : t('exports.wizard.next')}
                    </Button>
                  </WizardActions>
                )}
              </StepContent>
            </Step>
          ))}
        </Stepper>
      </FormProvider>
    </Page>
  );
}

/** The export format wizard for a new custom format (exports §2). */
export function NewExportFormatPage() {
  const projectId = useProjectId();
  return <Wizard projectId={projectId} />;
}

/**
 * The wizard on a saved format, once it has loaded: to edit it (`export-format.update`) or to start a copy
 * of it (`export-format.copy`); a format the caller may not do that with is refused.
 */
function SavedFormatWizard({ mode }: { mode: 'edit' | 'copy' }) {
  const { t } = useTranslation();
  const { projectId = '', formatId } = useParams();
  const abilities = useSessionAbilities();
  const format = useExportFormat(formatId);
  const action = mode === 'edit' ? 'export-format.update' : 'export-format.copy';
  return (
    <QueryState query={format} errorMessage={t('exports.wizard.load-failed')}>
      {(data) =>
        !can(abilities, action, exportFormatRef(data)) ? (
          <Page title={t(mode === 'edit' ? 'exports.wizard.edit-title' : 'exports.wizard.new-title')}>
            <Alert severity="info">{t('exports.wizard.not-editable')}</Alert>
          </Page>
        ) : mode === 'edit' ? (
          <Wizard key={data.id} projectId={projectId} format={data} />
        ) : (
          <Wizard key={data.id} projectId={projectId} copyOf={data} />
        )
      }
    </QueryState>
  );
}

/** The export format wizard on an existing format; built-in and others' restricted formats are refused. */
export function EditExportFormatPage() {
  return <SavedFormatWizard mode="edit" />;
}

/** The export format wizard on a copy of a format (exports §2: the copy route), saved as a new one. */
export function CopyExportFormatPage() {
  return <SavedFormatWizard mode="copy" />;
}
