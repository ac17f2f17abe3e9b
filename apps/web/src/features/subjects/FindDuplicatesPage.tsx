import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { ALL_SUBJECTS, type SelectionState, selectionToWire } from '@school-portal/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useCurrentProject } from '../../api/projects';
import { type Subject, useDeleteSubject, useMergeSubjects, useSubjectFields } from '../../api/subjects';
import { useCan } from '../../app/can';
import { routePath } from '../../app/routes';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useNotify } from '../../components/Notifications';
import { Page } from '../../components/Page';
import { CheckDuplicatesStep } from './CheckDuplicatesStep';
import { DuplicateFieldChips, useDuplicateFieldKeys } from './DuplicateFieldChips';
import { SelectSubjectsStep } from './SelectSubjectsStep';
import { type DuplicateGroup, useSelectionCount } from './selectionApi';

/**
 * Spec §2 Find Duplicates (project.subjects.find-duplicates): a two-step wizard made of the shared steps,
 * Select Subjects then Check for Duplicate Subjects, with chips for the fields to match. From a group the
 * user opens a subject, or deletes the extra ones when allowed. On its own (no export or print to leave
 * them out of), keeping one of a group is applied as a merge, once confirmed: the others' photos move to
 * the kept subject, their values fill its blanks, then they are deleted. The result (the selection minus
 * the subjects not kept) is shown as the export and print wizards will send it.
 */
export function FindDuplicatesPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { projectId, project } = useCurrentProject();
  const fields = useSubjectFields(projectId);
  const can = useCan();
  const [step, setStep] = useState(0);
  const [selection, setSelection] = useState<SelectionState>(ALL_SUBJECTS);
  const [excluded, setExcluded] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<Subject | null>(null);
  const remove = useDeleteSubject(projectId);
  const [merging, setMerging] = useState<{ kept: Subject; mergedIds: string[] } | null>(null);
  const merge = useMergeSubjects(projectId);
  // The subject kept in its group: every other one of the group is excluded.
  const keptIn = (subject: Subject, group: DuplicateGroup) =>
    !excluded.includes(subject.id) &&
    group.subjects.every((s) => s.id === subject.id || excluded.includes(s.id));

  const [fieldKeys, setFieldKeys] = useDuplicateFieldKeys(fields.fields);
  const wire = selectionToWire(selection);
  const result = useMemo(
    () =>
      wire
        ? { ...wire, excluded_subject_ids: [...new Set([...wire.excluded_subject_ids, ...excluded])] }
        : null,
    [wire, excluded],
  );
  const count = useSelectionCount(projectId, selection);

  if (project.isError && project.error instanceof ApiError && project.error.status === 404)
    return (
      <Page title={t('subjects.duplicates.title')}>
        <Typography role="alert">{t('subjects.duplicates.project-not-found')}</Typography>
      </Page>
    );
  if (project.isPending || fields.isPending) return <LoadingScreen />;

  return (
    <Page title={t('subjects.duplicates.title')}>
      <Stepper activeStep={step} sx={{ mb: 3 }}>
        <Step>
          <StepLabel>{t('subjects.wizard.select-subjects')}</StepLabel>
        </Step>
        <Step>
          <StepLabel>{t('subjects.wizard.check-duplicates')}</StepLabel>
        </Step>
      </Stepper>
      {step === 0 && (
        <>
          <SelectSubjectsStep projectId={projectId} value={selection} onChange={setSelection} />
          <Box data-testid="wizard-actions" sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button variant="contained" disabled={!wire || count.data === 0} onClick={() => setStep(1)}>
              {t('subjects.wizard.next')}
            </Button>
          </Box>
        </>
      )}
      {step === 1 && (
        <>
          <DuplicateFieldChips fields={fields.fields} value={fieldKeys} onChange={setFieldKeys} />
          <CheckDuplicatesStep
            projectId={projectId}
            selection={wire}
            fieldKeys={fieldKeys}
            fields={fields.fields}
            onChange={setExcluded}
            subjectActions={(subject, group) => (
              <>
                {can('subject.merge') && keptIn(subject, group) && (
                  <Button
                    size="small"
                    variant="contained"
                    onClick={() =>
                      setMerging({
                        kept: subject,
                        mergedIds: group.subjects.filter((s) => s.id !== subject.id).map((s) => s.id),
                      })
                    }
                  >
                    {t('subjects.duplicates.merge')}
                  </Button>
                )}
                <Button
                  size="small"
                  component={Link}
                  to={routePath('project.subject', { projectId, subjectId: subject.id })}
                >
                  {t('subjects.duplicates.open')}
                </Button>
                {can('subject.delete') && (
                  <Button size="small" color="error" onClick={() => setDeleting(subject)}>
                    {t('subjects.duplicates.delete')}
                  </Button>
                )}
              </>
            )}
          />
          <Box sx={{ mt: 2 }}>
            <Typography
              variant="body2"
              data-testid="selection-result"
              data-selection={JSON.stringify(result)}
            >
              {t('subjects.duplicates.result', { count: count.data ?? 0, excluded: excluded.length })}
            </Typography>
          </Box>
          <Box data-testid="wizard-actions" sx={{ display: 'flex', justifyContent: 'flex-start', mt: 2 }}>
            <Button onClick={() => setStep(0)}>{t('subjects.wizard.back')}</Button>
          </Box>
        </>
      )}
      <ConfirmDialog
        id="merge-duplicates-title"
        open={merging !== null}
        title={t('subjects.duplicates.merge-title')}
        text={t('subjects.duplicates.merge-text', {
          count: merging?.mergedIds.length ?? 0,
          name: merging?.kept.display_name || t('subjects.no-name'),
        })}
        confirm={t('subjects.duplicates.merge')}
        pending={merge.isPending}
        onClose={() => setMerging(null)}
        onConfirm={() =>
          merging &&
          merge.mutate(
            { keptId: merging.kept.id, mergedIds: merging.mergedIds },
            {
              onSuccess: (answer) => {
                setMerging(null);
                notify({
                  message: t('subjects.duplicates.merged', {
                    count: answer.merged_subject_ids.length,
                    name: answer.subject.display_name || t('subjects.no-name'),
                  }),
                  severity: 'success',
                });
              },
              onError: () => notify({ message: t('subjects.duplicates.merge-failed'), severity: 'error' }),
            },
          )
        }
      />
      <ConfirmDialog
        id="delete-duplicate-title"
        open={deleting !== null}
        title={t('subjects.duplicates.delete-title')}
        text={t('subjects.duplicates.delete-text', { name: deleting?.display_name ?? '' })}
        confirm={t('subjects.duplicates.delete')}
        destructive
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: () => notify({ message: t('subjects.duplicates.delete-failed'), severity: 'error' }),
          })
        }
      />
    </Page>
  );
}

/** The page's confirmations (merge, delete): what will happen, Cancel, and the action. */
function ConfirmDialog(props: {
  id: string;
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  destructive?: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={props.id}>
      <DialogTitle id={props.id}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('subjects.duplicates.cancel')}</Button>
        <Button
          variant={props.destructive ? 'text' : 'contained'}
          color={props.destructive ? 'error' : 'primary'}
          disabled={props.pending}
          onClick={props.onConfirm}
        >
          {props.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
