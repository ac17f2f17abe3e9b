import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ALL_SUBJECTS,
  DEFAULT_SUBJECTS_WITHOUT_PHOTO,
  effectiveLabel,
  fieldKeyLabel,
  layoutDefinitionSchema,
  PRINT_LAYOUT_DEFAULTS,
  printsPhotos,
  type SelectionState,
  SUBJECTS_WITHOUT_PHOTO,
  type SubjectSelection,
  type SubjectsWithoutPhoto,
  selectionToWire,
} from '@school-portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import {
  downloadRender,
  fetchRender,
  layoutKeys,
  useCreateRender,
  useLayout,
  useLayoutCategories,
  useProjectRenders,
  useRenderPolling,
} from '../../api/layouts';
import { useCurrentProject } from '../../api/projects';
import { queryClient } from '../../api/queryClient';
import { useSubjectFields } from '../../api/subjects';
import { routePath, useProjectId } from '../../app/routes';
import { Page } from '../../components/Page';
import { SubHeading } from '../../components/SubHeading';
import { ListTable } from '../../components/table/ListTable';
import { useSetSearchParam } from '../../components/useSetSearchParam';
import { WizardStepper } from '../../components/WizardStepper';
import { useListParams } from '../organizations/listState';
import { CheckDuplicatesStep } from '../subjects/CheckDuplicatesStep';
import { DuplicateFieldChips, useDuplicateFieldKeys } from '../subjects/DuplicateFieldChips';
import { SelectSubjectsStep } from '../subjects/SelectSubjectsStep';
import { useSelectionCount } from '../subjects/selectionApi';
import { LayoutPreview, LayoutsMenu } from './LayoutsMenu';
import { useWithoutPhotoCount } from './withoutPhoto';

/** Spec §2 layouts index: Choose Category, the count, preview cards with Select Layout. */
export function LayoutsIndexPage() {
  const { t } = useTranslation();
  const { projectId, project } = useCurrentProject();
  const [params] = useSearchParams();
  const setParam = useSetSearchParam();
  const categories = useLayoutCategories(project.data?.organization_id);
  const categoryId = params.get('categoryId') ?? categories.data?.[0]?.id ?? '';
  const subjectId = params.get('subjectId');
  const category = categories.data?.find((c) => c.id === categoryId);
  const layouts = category?.layouts ?? [];
  return (
    <Page title={t('project.layouts-title')}>
      <LayoutsMenu projectId={projectId} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('layouts.index.choose-category')}
          value={category ? categoryId : ''}
          onChange={(e) => setParam('categoryId', e.target.value)}
          sx={{ minWidth: 260 }}
        >
          {(categories.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <Typography data-testid="layouts-count">
          {t('layouts.index.count', { count: layouts.length })}
        </Typography>
      </Box>
      {categories.isSuccess && layouts.length === 0 && <Typography>{t('layouts.index.empty')}</Typography>}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(360px, 1fr))', gap: 2 }}>
        {layouts.map((layout) => (
          <Card key={layout.id} data-testid="layout-card">
            <CardContent>
              <SubHeading>{layout.name}</SubHeading>
              <LayoutPreview layout={layout} subjectId={subjectId} />
            </CardContent>
            <CardActions>
              <Button
                component={RouterLink}
                to={`${routePath('project.layout', { projectId, layoutId: layout.id })}${subjectId ? `?subjectId=${encodeURIComponent(subjectId)}` : ''}`}
              >
                {t('layouts.index.select')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </Page>
  );
}

const STEP_KEYS = ['preview', 'select', 'duplicates', 'confirm'] as const;
type StepKey = (typeof STEP_KEYS)[number];

/**
 * Spec §2 print layout wizard (not linear): Preview Layout, Select Subjects, Check for Duplicate
 * Subjects, Confirm and Print. The selection and duplicate steps are the subjects area's shared ones, and
 * the print sends the selection (minus the duplicates not kept) as the grid would resolve it. For one
 * subject (`subjectId`) the preview and selection steps are skipped. The print groups by Grade and sorts
 * by Last Name then First Name unless changed (§5). On save it moves to the renders screen with the new
 * render highlighted.
 */
export function LayoutShowPage() {
  const { t } = useTranslation();
  const { projectId = '', layoutId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const singleSubject = params.get('subjectId');
  const layout = useLayout(layoutId);
  const fields = useSubjectFields(projectId);
  const create = useCreateRender();
  const steps: readonly StepKey[] = singleSubject ? STEP_KEYS.slice(2) : STEP_KEYS;
  const [active, setActive] = useState(0);
  const [selection, setSelection] = useState<SelectionState>(ALL_SUBJECTS);
  const [excluded, setExcluded] = useState<string[]>([]);
  const [pdfName, setPdfName] = useState('');
  const [withoutPhoto, setWithoutPhoto] = useState<SubjectsWithoutPhoto>(DEFAULT_SUBJECTS_WITHOUT_PHOTO);
  const count = useSelectionCount(projectId, selection);

  const labels = [...new Set(fields.fields.map((f) => effectiveLabel(f)))];
  const [duplicateKeys, setDuplicateKeys] = useDuplicateFieldKeys(fields.fields);
  const defaultGroup = PRINT_LAYOUT_DEFAULTS.group_by.filter((l) => labels.includes(l));
  const defaultSort = PRINT_LAYOUT_DEFAULTS.sort_by.filter((l) => labels.includes(l));
  const [groupBy, setGroupBy] = useState<string | null>(null);
  const [sortBy, setSortBy] = useState<[string, string] | null>(null);
  const group = groupBy ?? defaultGroup[0] ?? '';
  const sorts = sortBy ?? [defaultSort[0] ?? '', defaultSort[1] ?? ''];

  // One subject: exactly it. Otherwise the selection. The duplicate check looks at it as chosen; what is
  // printed is it minus the duplicates not kept (checking that would hide the groups just decided).
  const wire = selectionToWire(selection);
  const checked: SubjectSelection | null = singleSubject
    ? { filter: null, included_subject_ids: [singleSubject], excluded_subject_ids: [] }
    : wire;
  const chosen: SubjectSelection | null = checked && {
    ...checked,
    excluded_subject_ids: [...new Set([...checked.excluded_subject_ids, ...excluded])],
  };
  const selectedCount = singleSubject ? 1 : Math.max(0, (count.data ?? 0) - excluded.length);
  const step = steps[active];
  // A layout with photo boxes, told to leave out subjects without a photo, prints only those with one:
  // the summary counts what will be printed and says how many are left out.
  const definition = layout.data && layoutDefinitionSchema.safeParse(layout.data.definition);
  const leavesOut = withoutPhoto === 'leave_out' && !!definition?.success && printsPhotos(definition.data);
  const withoutPhotoCount = useWithoutPhotoCount(projectId, chosen, leavesOut && step === 'confirm');
  const leftOut = leavesOut ? Math.min(selectedCount, withoutPhotoCount.data ?? 0) : 0;
  const printedCount = selectedCount - leftOut;
  // Refused (422) when leaving out subjects without a photo would leave nobody to print.
  const noneHasPhoto =
    create.error instanceof ApiError && !!create.error.fieldErrors?.subjects_without_photo?.length;

  async function print() {
    if (!chosen) return;
    // A refusal shows through create.error (below the choice it concerns, or as the wizard's alert).
    const render = await create
      .mutateAsync({
        layout_id: layoutId,
        project_id: projectId,
        pdf_name: pdfName.trim() || undefined,
        ...(singleSubject
          ? { subject_ids: [singleSubject] }
          : {
              filter: chosen.filter ?? null,
              included_subject_ids: chosen.included_subject_ids,
              excluded_subject_ids: chosen.excluded_subject_ids,
            }),
        group_by: group ? [group] : [],
        sort_by: sorts.filter(Boolean),
        subjects_without_photo: withoutPhoto,
      })
      .catch(() => null);
    if (!render) return;
    navigate(
      `${routePath('project.layouts.renders', { projectId })}?poll=true&highlightRenderId=${render.id}`,
    );
  }

  const fieldSelect = (label: string, value: string, onChange: (next: string) => void, id: string) => (
    <TextField
      select
      size="small"
      id={id}
      label={label}
      value={labels.includes(value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
    >
      <MenuItem value="">
        <em>{t('layouts.wizard.none')}</em>
      </MenuItem>
      {labels.map((l) => (
        <MenuItem key={l} value={l}>
          {l}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Page title={layout.data?.name ?? t('project.layouts-title')}>
      <LayoutsMenu projectId={projectId} />
      <WizardStepper
        labels={steps.map((key) => t(`layouts.wizard.steps.${key}`))}
        active={active}
        onStep={setActive}
      />
      {step === 'preview' && layout.data && (
        <Box data-testid="layout-preview">
          <LayoutPreview layout={layout.data} height={480} />
        </Box>
      )}
      {step === 'select' && (
        <SelectSubjectsStep projectId={projectId} value={selection} onChange={setSelection} />
      )}
      {step === 'duplicates' && (
        <>
          <DuplicateFieldChips fields={fields.fields} value={duplicateKeys} onChange={setDuplicateKeys} />
          <Typography data-testid="print-excluded" sx={{ mb: 1 }}>
            {t('layouts.wizard.excluded', { count: excluded.length })}
          </Typography>
          <CheckDuplicatesStep
            projectId={projectId}
            selection={checked}
            fieldKeys={duplicateKeys}
            fields={fields.fields}
            onChange={setExcluded}
          />
        </>
      )}
      {step === 'confirm' && (
        <Box sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
          <Typography data-testid="print-summary">
            {t('layouts.wizard.summary', {
              count: printedCount,
              group: group || t('layouts.wizard.none'),
              sort: sorts.filter(Boolean).join(', ') || t('layouts.wizard.none'),
            })}{' '}
            {leftOut > 0 && `${t('layouts.wizard.without-photo.left-out', { count: leftOut })} `}
            {excluded.length > 0 && t('layouts.wizard.excluded', { count: excluded.length })}
          </Typography>
          <FormControl error={noneHasPhoto}>
            <FormLabel id="print-without-photo">{t('layouts.wizard.without-photo.label')}</FormLabel>
            <RadioGroup
              aria-labelledby="print-without-photo"
              value={withoutPhoto}
              onChange={(e) => setWithoutPhoto(e.target.value as SubjectsWithoutPhoto)}
            >
              {SUBJECTS_WITHOUT_PHOTO.map((option) => (
                <FormControlLabel
                  key={option}
                  value={option}
                  control={<Radio />}
                  label={t(`layouts.wizard.without-photo.${option}`)}
                />
              ))}
            </RadioGroup>
            {noneHasPhoto && (
              <FormHelperText data-testid="print-none-has-photo">
                {t('layouts.wizard.without-photo.none-has-photo')}
              </FormHelperText>
            )}
          </FormControl>
          {fieldSelect(t('layouts.wizard.group-by'), group, (next) => setGroupBy(next), 'print-group-by')}
          {fieldSelect(
            t('layouts.wizard.sort-by'),
            sorts[0],
            (next) => setSortBy([next, sorts[1]]),
            'print-sort-by',
          )}
          {fieldSelect(
            t('layouts.wizard.then-by'),
            sorts[1],
            (next) => setSortBy([sorts[0], next]),
            'print-then-by',
          )}
          <TextField
            label={t('layouts.wizard.pdf-name')}
            value={pdfName}
            onChange={(e) => setPdfName(e.target.value)}
            size="small"
          />
          {create.isError && !noneHasPhoto && <Alert severity="error">{t('layouts.wizard.failed')}</Alert>}
          <Button
            variant="contained"
            disabled={!chosen || selectedCount === 0 || create.isPending}
            onClick={() => void print()}
          >
            {t('layouts.wizard.print')}
          </Button>
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 3 }}>
        <Button disabled={active === 0} onClick={() => setActive(active - 1)}>
          {t('subjects.wizard.back')}
        </Button>
        <Button disabled={active === steps.length - 1} onClick={() => setActive(active + 1)}>
          {t('subjects.wizard.next')}
        </Button>
      </Box>
    </Page>
  );
}

/**
 * Spec §2 layout renders (Recent Prints): the count, the Refresh checkbox (the poll flag), Name, Created,
 * Status, a download when completed, the highlighted render and the empty text; a page at a time.
 */
export function LayoutRendersPage() {
  const { t } = useTranslation();
  const projectId = useProjectId();
  const { page, setPage } = useListParams();
  const [params] = useSearchParams();
  const setSearchParam = useSetSearchParam();
  const poll = params.get('poll') === 'true';
  const highlight = params.get('highlightRenderId');
  const renders = useProjectRenders(projectId, page);
  const setPoll = (on: boolean) => setSearchParam('poll', on ? 'true' : null, { replace: true });
  const list = renders.data?.layout_renders ?? [];
  useRenderPolling(
    renders.data?.layout_renders,
    poll,
    (id) =>
      void fetchRender(id).then((fresh) =>
        queryClient.setQueryData(
          [...layoutKeys.renders(projectId), page],
          (old: typeof renders.data) =>
            old && { ...old, layout_renders: old.layout_renders.map((r) => (r.id === id ? fresh : r)) },
        ),
      ),
    () => setPoll(false),
  );
  return (
    <Page title={t('layouts.renders.heading')}>
      <LayoutsMenu projectId={projectId} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography data-testid="renders-count">
          {t('layouts.renders.count', { count: renders.data?.meta.total ?? 0 })}
        </Typography>
        <FormControlLabel
          control={<Checkbox checked={poll} onChange={(e) => setPoll(e.target.checked)} />}
          label={t('layouts.renders.refresh')}
        />
      </Box>
      {renders.isSuccess && list.length === 0 ? (
        <Typography>{t('layouts.renders.empty')}</Typography>
      ) : (
        <ListTable
          size="small"
          label={t('layouts.menu.recent')}
          columns={[
            t('layouts.renders.name'),
            t('layouts.renders.created'),
            t('layouts.renders.status'),
            { ariaLabel: t('layouts.renders.actions') },
          ]}
          rows={list}
          paging={
            renders.data && {
              meta: renders.data.meta,
              onPage: setPage,
              disabled: renders.isPlaceholderData,
            }
          }
        >
          {(r) => (
            <TableRow
              key={r.id}
              selected={r.id === highlight}
              data-testid={r.id === highlight ? 'highlighted-render' : 'render-row'}
            >
              <TableCell>{r.render_name}</TableCell>
              <TableCell>{new Date(r.created_at).toLocaleString()}</TableCell>
              <TableCell>
                {/* Past EXPORT_RETENTION_DAYS the PDF is deleted (retention sweep). */}
                {t(`layouts.renders.states.${r.expired_at ? 'expired' : r.worker_status}`)}
                {r.worker_status === 'failed' && r.failure_reason ? `: ${r.failure_reason}` : ''}
              </TableCell>
              <TableCell>
                {r.is_completed && !r.expired_at && (
                  <Button size="small" onClick={() => void downloadRender(r)}>
                    {t('layouts.renders.download')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          )}
        </ListTable>
      )}
    </Page>
  );
}

export const groupByLabel = (key: string | null) => fieldKeyLabel(key) ?? key ?? '';
