import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fieldKeyLabel, PRINT_LAYOUT_DEFAULTS } from '@school-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { apiFetch } from '../../api/client';
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
import { useProject } from '../../api/projects';
import { queryClient } from '../../api/queryClient';
import { routePath } from '../../app/routes';
import { LayoutPreview, LayoutsMenu } from './LayoutsMenu';

/** Spec §2 layouts index: Choose Category, the count, preview cards with Select Layout. */
export function LayoutsIndexPage() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const project = useProject(projectId);
  const categories = useLayoutCategories(project.data?.organization_id);
  const categoryId = params.get('categoryId') ?? categories.data?.[0]?.id ?? '';
  const subjectId = params.get('subjectId');
  const category = categories.data?.find((c) => c.id === categoryId);
  const layouts = category?.layouts ?? [];
  return (
    <Container maxWidth="lg">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('project.layouts-title')}
      </Typography>
      <LayoutsMenu projectId={projectId} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField
          select
          size="small"
          label="Choose Category"
          value={category ? categoryId : ''}
          onChange={(e) => {
            const next = new URLSearchParams(params);
            next.set('categoryId', e.target.value);
            setParams(next);
          }}
          sx={{ minWidth: 260 }}
        >
          {(categories.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <Typography data-testid="layouts-count">{layouts.length} layouts</Typography>
      </Box>
      {categories.isSuccess && layouts.length === 0 && <Typography>There are no layouts to show.</Typography>}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(360px, 1fr))', gap: 2 }}>
        {layouts.map((layout) => (
          <Card key={layout.id} data-testid="layout-card">
            <CardContent>
              <Typography variant="h6" component="h2">
                {layout.name}
              </Typography>
              <LayoutPreview layout={layout} subjectId={subjectId} />
            </CardContent>
            <CardActions>
              <Button
                component={RouterLink}
                to={`${routePath('project.layout', { projectId, layoutId: layout.id })}${subjectId ? `?subjectId=${encodeURIComponent(subjectId)}` : ''}`}
              >
                Select Layout
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </Container>
  );
}

interface SubjectOption {
  id: string;
  display_name: string;
  grade: string | null;
}

function useProjectSubjects(projectId: string) {
  return useQuery({
    queryKey: ['layout-subjects', projectId],
    queryFn: ({ signal }) =>
      apiFetch<{ subjects: SubjectOption[] }>(`/api/projects/${encodeURIComponent(projectId)}/subjects`, {
        query: { limit: 500, sort: 'reverse_full_name' },
        signal,
      }).then((b) => b.subjects),
  });
}

const STEPS = [
  'Preview Layout',
  'Select Subjects',
  'Check for Duplicate Subjects',
  'Confirm and Print',
] as const;

/**
 * Spec §2 print layout wizard (not linear): preview, subject selection, duplicates check, confirm. For one
 * subject the preview and selection steps are skipped. The print groups by Grade and sorts by Last Name
 * then First Name (§5). On save it moves to the renders screen with the new render highlighted.
 */
export function LayoutShowPage() {
  const { projectId = '', layoutId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const singleSubject = params.get('subjectId');
  const layout = useLayout(layoutId);
  const subjects = useProjectSubjects(projectId);
  const create = useCreateRender();
  const steps = singleSubject ? STEPS.slice(2) : STEPS;
  const [active, setActive] = useState(0);
  const [excluded, setExcluded] = useState<Set<string>>(new Set());
  const [pdfName, setPdfName] = useState('');
  const selected = singleSubject
    ? [singleSubject]
    : (subjects.data ?? []).filter((s) => !excluded.has(s.id)).map((s) => s.id);
  const step = steps[active];

  async function print() {
    const render = await create.mutateAsync({
      layout_id: layoutId,
      project_id: projectId,
      pdf_name: pdfName.trim() || undefined,
      subject_ids: selected,
      group_by: [...PRINT_LAYOUT_DEFAULTS.group_by],
      sort_by: [...PRINT_LAYOUT_DEFAULTS.sort_by],
    });
    navigate(
      `${routePath('project.layouts.renders', { projectId })}?poll=true&highlightRenderId=${render.id}`,
    );
  }

  return (
    <Container maxWidth="lg">
      <LayoutsMenu projectId={projectId} />
      <Typography variant="h5" component="h1" gutterBottom>
        {layout.data?.name ?? ''}
      </Typography>
      <Stepper nonLinear activeStep={active} sx={{ mb: 3 }}>
        {steps.map((label, i) => (
          <Step key={label}>
            <StepButton onClick={() => setActive(i)}>{label}</StepButton>
          </Step>
        ))}
      </Stepper>
      {step === 'Preview Layout' && layout.data && (
        <Box data-testid="layout-preview">
          <LayoutPreview layout={layout.data} height={480} />
        </Box>
      )}
      {step === 'Select Subjects' && (
        <Box>
          <Typography gutterBottom>{selected.length} selected</Typography>
          <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>
            <Button size="small" onClick={() => setExcluded(new Set())}>
              Select All
            </Button>
            <Button size="small" onClick={() => setExcluded(new Set((subjects.data ?? []).map((s) => s.id)))}>
              Exclude All
            </Button>
          </Box>
          {(subjects.data ?? []).map((s) => (
            <FormControlLabel
              key={s.id}
              sx={{ display: 'flex' }}
              control={
                <Checkbox
                  checked={!excluded.has(s.id)}
                  onChange={(e) => {
                    const next = new Set(excluded);
                    if (e.target.checked) next.delete(s.id);
                    else next.add(s.id);
                    setExcluded(next);
                  }}
                />
              }
              label={s.display_name}
            />
          ))}
        </Box>
      )}
      {step === 'Check for Duplicate Subjects' && (
        // Placeholder until the shared duplicates step (selection and duplicates issue) lands.
        <Typography>
          Duplicate subjects are not checked here yet: every selected subject is printed.
        </Typography>
      )}
      {step === 'Confirm and Print' && (
        <Box sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
          <Typography>
            {selected.length} subjects, grouped by {PRINT_LAYOUT_DEFAULTS.group_by.join(', ')}, sorted by{' '}
            {PRINT_LAYOUT_DEFAULTS.sort_by.join(', ')}.
          </Typography>
          <TextField
            label="PDF Name"
            value={pdfName}
            onChange={(e) => setPdfName(e.target.value)}
            size="small"
          />
          {create.isError && <Alert severity="error">The print could not be started.</Alert>}
          <Button
            variant="contained"
            disabled={selected.length === 0 || create.isPending}
            onClick={() => void print()}
          >
            Print
          </Button>
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 3 }}>
        <Button disabled={active === 0} onClick={() => setActive(active - 1)}>
          Back
        </Button>
        <Button disabled={active === steps.length - 1} onClick={() => setActive(active + 1)}>
          Next
        </Button>
      </Box>
    </Container>
  );
}

const STATUS_LABEL = { running: 'Running', complete: 'Completed', failed: 'Failed' } as const;

/** Spec §2 layout renders: count, Refresh (poll flag), Name, Created, Status, download, highlight, empty text. */
export function LayoutRendersPage() {
  const { projectId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const poll = params.get('poll') === 'true';
  const highlight = params.get('highlightRenderId');
  const renders = useProjectRenders(projectId);
  const setPoll = (on: boolean) => {
    const next = new URLSearchParams(params);
    if (on) next.set('poll', 'true');
    else next.delete('poll');
    setParams(next, { replace: true });
  };
  useRenderPolling(
    renders.data,
    poll,
    (id) =>
      void fetchRender(id).then((fresh) =>
        queryClient.setQueryData(layoutKeys.renders(projectId), (old: typeof renders.data) =>
          old?.map((r) => (r.id === id ? fresh : r)),
        ),
      ),
    () => setPoll(false),
  );
  const list = renders.data ?? [];
  return (
    <Container maxWidth="lg">
      <LayoutsMenu projectId={projectId} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography data-testid="renders-count">{list.length} renders</Typography>
        <FormControlLabel
          control={<Checkbox checked={poll} onChange={(e) => setPoll(e.target.checked)} />}
          label="Refresh"
        />
      </Box>
      {renders.isSuccess && list.length === 0 ? (
        <Typography>There are no renders to show.</Typography>
      ) : (
        <Table size="small" aria-label="Recent Prints">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Created</TableCell>
              <TableCell>Status</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((r) => (
              <TableRow
                key={r.id}
                selected={r.id === highlight}
                data-testid={r.id === highlight ? 'highlighted-render' : undefined}
              >
                <TableCell>{r.render_name}</TableCell>
                <TableCell>{new Date(r.created_at).toLocaleString()}</TableCell>
                <TableCell>
                  {STATUS_LABEL[r.worker_status]}
                  {r.worker_status === 'failed' && r.failure_reason ? `: ${r.failure_reason}` : ''}
                </TableCell>
                <TableCell>
                  {r.is_completed && (
                    <Button size="small" onClick={() => void downloadRender(r)}>
                      Download
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Container>
  );
}

export const groupByLabel = (key: string | null) => fieldKeyLabel(key) ?? key ?? '';
