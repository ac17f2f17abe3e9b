import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ALL_SUBJECTS,
  EXPORT_BACKGROUNDS,
  EXPORT_POSES,
  exportFieldKeyLabel,
  FIELD_KEYS,
  formatFieldErrors,
  POSE_NUMBER_PATTERN,
  type SelectionState,
  selectionToWire,
} from '@school-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { type ExportFormat, useExportFormat } from '../../api/exportFormats';
import { queryKeys } from '../../api/keys';
import {
  downloadProjectExport,
  type ProjectExportPayload,
  useCreateProjectExport,
  useExportCheck,
  useProjectExport,
} from '../../api/projectExports';
import { useSubjectFields } from '../../api/subjects';
import { routePath } from '../../app/routes';
import { menuItems } from '../../components/forms/fields';
import { Page } from '../../components/Page';
import { PageQueryState } from '../../components/PageQueryState';
import { WizardActions } from '../../components/WizardActions';
import { WizardStepper } from '../../components/WizardStepper';
import { CheckDuplicatesStep } from '../subjects/CheckDuplicatesStep';
import { SelectSubjectsStep } from '../subjects/SelectSubjectsStep';
import { fetchSelectionIds, useSelectionCount } from '../subjects/selectionApi';
import { useNow } from '../users/relativeTime';
import { CheckReport } from './CheckReport';
import { ExportStatus, exportPhase } from './ExportStatus';

const STEPS = ['options', 'subjects', 'duplicates', 'download'] as const;

/** The run options of step 1, with §5's run defaults: pose primary, default crops on, without images included. */
interface RunOptions {
  pose: string;
  poseNumber: string;
  selected_background: (typeof EXPORT_BACKGROUNDS)[number];
  use_default_photo_crops: boolean;
  use_photo_crop_name: boolean;
  include_subjects_without_images: boolean;
  custom_directory_group_field_key: string | null;
}
const RUN_DEFAULTS: RunOptions = {
  pose: 'primary',
  poseNumber: '',
  selected_background: 'default',
  use_default_photo_crops: true,
  use_photo_crop_name: false,
  include_subjects_without_images: true,
  custom_directory_group_field_key: null,
};
const POSE_NUMBER = 'number' as const;
const POSE_CHOICES = [...EXPORT_POSES, POSE_NUMBER] as const;
const poseOf = (o: RunOptions) => (o.pose === POSE_NUMBER ? o.poseNumber.trim() : o.pose);
const poseValid = (o: RunOptions) => o.pose !== POSE_NUMBER || POSE_NUMBER_PATTERN.test(o.poseNumber.trim());

/**
 * The selection as the export call takes it: included ids (empty = every subject) minus excluded ids. The
 * export call has no grid filter, so a filtered selection is resolved to its ids first.
 */
function useRunSelection(projectId: string, selection: SelectionState, duplicatesExcluded: string[]) {
  const wire = selectionToWire(selection);
  const resolved = useQuery({
    queryKey: queryKeys.subjects.selectionIds(projectId, wire),
    queryFn: () => (wire?.filter ? fetchSelectionIds(projectId, wire) : Promise.resolve(null)),
    enabled: wire !== null,
  });
  if (!wire || resolved.isPending || resolved.isError) return null;
  const included = resolved.data ?? wire.included_subject_ids;
  const excluded = resolved.data ? duplicatesExcluded : [...wire.excluded_subject_ids, ...duplicatesExcluded];
  return { included_subject_ids: included, excluded_subject_ids: [...new Set(excluded)] };
}

function Wizard({ projectId, format }: { projectId: string; format: ExportFormat }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const [options, setOptions] = useState<RunOptions>(RUN_DEFAULTS);
  const [selection, setSelection] = useState<SelectionState>(ALL_SUBJECTS);
  const [duplicateFields, setDuplicateFields] = useState<string[]>(format.duplicate_search_fields);
  const [duplicatesExcluded, setDuplicatesExcluded] = useState<string[]>([]);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const fields = useSubjectFields(projectId);
  const count = useSelectionCount(projectId, selection);
  const runSelection = useRunSelection(projectId, selection, duplicatesExcluded);
  const create = useCreateProjectExport(projectId);
  const created = useProjectExport(createdId ?? undefined, true);
  const now = useNow(1000, createdId !== null);

  const payload: ProjectExportPayload | null =
    runSelection && poseValid(options)
      ? {
          project_export_format_id: format.id,
          ...runSelection,
          include_subjects_without_images: options.include_subjects_without_images,
          use_default_photo_crops: options.use_default_photo_crops,
          use_photo_crop_name: options.use_photo_crop_name,
          duplicate_search_fields: duplicateFields,
          custom_directory_group_field_key: format.allow_custom_directory_group_field
            ? options.custom_directory_group_field_key
            : null,
          selected_pose: poseOf(options),
          selected_background: options.selected_background,
        }
      : null;
  // The check follows the options as they are chosen; asked once the choice settles.
  const [checked, setChecked] = useState<ProjectExportPayload | null>(null);
  const payloadKey = JSON.stringify(payload);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the payload's content
  useEffect(() => {
    if (active !== 0) return undefined;
    const timer = window.setTimeout(() => setChecked(payload), 400);
    return () => window.clearTimeout(timer);
  }, [payloadKey, active]);
  const check = useExportCheck(projectId, active === 0 ? checked : null);

  const set = <K extends keyof RunOptions>(key: K, value: RunOptions[K]) =>
    setOptions((o) => ({ ...o, [key]: value }));
  const toggle = (key: keyof RunOptions, label: string) => (
    <FormControlLabel
      control={<Switch checked={!!options[key]} onChange={(e) => set(key, e.target.checked as never)} />}
      label={label}
    />
  );

  const start = () => {
    if (!payload) return;
    setStartError(null);
    create.mutate(payload, {
      onSuccess: (e) => setCreatedId(e.id),
      onError: (error) => {
        const raw = isApiError(error) && (error.status === 422 || error.status === 409) && error.fieldErrors;
        const messages = raw ? Object.values(formatFieldErrors(raw)) : [];
        setStartError(messages.length > 0 ? messages.join(' ') : t('exports.run.start-failed'));
      },
    });
  };

  const bodies = {
    options: (
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <Stack direction="row" spacing={2}>
          <TextField
            select
            label={t('exports.run.pose')}
            value={options.pose}
            onChange={(e) => set('pose', e.target.value)}
            fullWidth
          >
            {menuItems(POSE_CHOICES.map((pose) => ({ value: pose, label: t(`exports.run.poses.${pose}`) })))}
          </TextField>
          {options.pose === POSE_NUMBER && (
            <TextField
              label={t('exports.run.pose-number')}
              value={options.poseNumber}
              onChange={(e) => set('poseNumber', e.target.value)}
              error={!poseValid(options)}
              helperText={poseValid(options) ? undefined : t('exports.run.pose-number-invalid')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              fullWidth
            />
          )}
        </Stack>
        <TextField
          select
          label={t('exports.run.background')}
          value={options.selected_background}
          onChange={(e) => set('selected_background', e.target.value as RunOptions['selected_background'])}
        >
          {menuItems(EXPORT_BACKGROUNDS.map((b) => ({ value: b, label: t(`exports.run.backgrounds.${b}`) })))}
        </TextField>
        {toggle('use_default_photo_crops', t('exports.run.use-default-photo-crops'))}
        {toggle('use_photo_crop_name', t('exports.run.use-photo-crop-name'))}
        {toggle('include_subjects_without_images', t('exports.run.include-subjects-without-images'))}
        {format.allow_custom_directory_group_field && (
          <TextField
            select
            label={t('exports.run.custom-directory-group-field')}
            helperText={t('exports.run.custom-directory-group-field-help')}
            value={options.custom_directory_group_field_key ?? ''}
            onChange={(e) => set('custom_directory_group_field_key', e.target.value || null)}
          >
            {menuItems(
              FIELD_KEYS.map((f) => ({ value: f.key, label: f.label })),
              t('exports.run.format-default'),
            )}
          </TextField>
        )}
        <CheckReport
          projectId={projectId}
          report={check.data}
          pending={checked === null || check.isFetching}
          failed={check.isError}
        />
      </Stack>
    ),
    subjects: <SelectSubjectsStep projectId={projectId} value={selection} onChange={setSelection} />,
    duplicates: (
      <>
        <Box
          role="group"
          aria-label={t('exports.run.duplicates.fields')}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
        >
          <Typography variant="body2">{t('exports.run.duplicates.fields')}</Typography>
          {duplicateFields.map((key) => (
            <Chip
              key={key}
              label={exportFieldKeyLabel(key)}
              onDelete={() => setDuplicateFields(duplicateFields.filter((k) => k !== key))}
            />
          ))}
        </Box>
        {duplicateFields.length === 0 ? (
          <Typography>{t('exports.run.duplicates.none-chosen')}</Typography>
        ) : (
          <CheckDuplicatesStep
            projectId={projectId}
            selection={selectionToWire(selection)}
            fieldKeys={duplicateFields}
            fields={fields.fields}
            onChange={setDuplicatesExcluded}
          />
        )}
      </>
    ),
    download: (
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <Typography data-testid="export-run-summary">
          {t('exports.run.summary', {
            format: format.name,
            selected: t('exports.run.summary-selected', { count: count.data ?? 0 }),
            excluded: t('exports.run.summary-excluded', { count: duplicatesExcluded.length }),
          })}
        </Typography>
        {startError && (
          <Alert severity="error" role="alert">
            {startError}
          </Alert>
        )}
        {!createdId && (
          <Box>
            <Button variant="contained" onClick={start} disabled={!payload || create.isPending}>
              {create.isPending ? t('exports.run.starting') : t('exports.run.start')}
            </Button>
          </Box>
        )}
        {created.data && (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <ExportStatus projectExport={created.data} now={now} />
              {exportPhase(created.data) === 'completed' ? (
                <Alert severity="success">{t('exports.run.ready')}</Alert>
              ) : exportPhase(created.data) !== 'failed' ? (
                <Alert severity="info">{t('exports.run.leave')}</Alert>
              ) : null}
              {downloadFailed && (
                <Alert severity="error" role="alert">
                  {t('exports.page.download-failed')}
                </Alert>
              )}
              <Stack direction="row" spacing={1}>
                <Button
                  variant="contained"
                  disabled={!created.data.download_path}
                  onClick={() => {
                    if (!createdId) return;
                    setDownloadFailed(false);
                    downloadProjectExport(createdId).catch(() => setDownloadFailed(true));
                  }}
                >
                  {t('exports.download')}
                </Button>
                <Button component={Link} to={`${routePath('project.exports', { projectId })}?tab=downloads`}>
                  {t('exports.run.to-exports')}
                </Button>
              </Stack>
            </Stack>
          </Paper>
        )}
      </Stack>
    ),
  } as const;

  const step = STEPS[active] ?? 'options';
  const nextDisabled =
    (step === 'options' && !poseValid(options)) ||
    (step === 'subjects' && (!selectionToWire(selection) || count.data === 0 || count.isFetching));
  return (
    <Page title={t('exports.run.title', { name: format.name })}>
      <WizardStepper labels={STEPS.map((s) => t(`exports.run.steps.${s}`))} active={active} />
      <Box>{bodies[step]}</Box>
      {!createdId && (
        <WizardActions
          active={active}
          cancelTo={routePath('project.exports', { projectId })}
          cancelLabel={t('exports.run.cancel')}
          backLabel={t('exports.run.back')}
          onBack={() => setActive(active - 1)}
          backDisabled={create.isPending}
          mt={3}
          testId="wizard-actions"
        >
          {active < STEPS.length - 1 && (
            <Button variant="contained" disabled={nextDisabled} onClick={() => setActive(active + 1)}>
              {t('exports.run.next')}
            </Button>
          )}
        </WizardActions>
      )}
      {step === 'options' && check.isFetching && <LinearProgress aria-hidden="true" sx={{ mt: 1 }} />}
    </Page>
  );
}

/** The export wizard (exports §2): Configure Export Options, Select Subjects, Check for Duplicate Subjects, Download. */
export function ExportRunPage() {
  const { t } = useTranslation();
  const { projectId = '', formatId } = useParams();
  const format = useExportFormat(formatId);
  return (
    <PageQueryState query={format} title={t('exports.title')} errorMessage={t('exports.run.load-failed')}>
      {(data) => <Wizard key={data.id} projectId={projectId} format={data} />}
    </PageQueryState>
  );
}
