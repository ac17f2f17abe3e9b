import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import {
  CHECK_CODES,
  CHECK_STATES,
  type CheckCode,
  type CheckState,
  type PhotoCheckFilters,
  usePhotoChecks,
} from '../../api/photo-checks';
import { useProject } from '../../api/projects';
import { useCan } from '../../app/can';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { SubjectGrid } from '../subjects/SubjectGrid';
import { useClassOptions } from './classOptions';
import { HeadSizeRuleForm } from './HeadSizeForm';
import { PhotoCheckCard } from './PhotoCheckCard';

const isCode = (value: string | null): value is CheckCode =>
  (CHECK_CODES as readonly string[]).includes(value ?? '');
const isState = (value: string | null): value is CheckState =>
  (CHECK_STATES as readonly string[]).includes(value ?? '');

/** The filters and page in the address, so that a reload or the cropper's way back keeps them. */
function useReviewParams() {
  const [params, setParams] = useSearchParams();
  const state = params.get('state');
  const code = params.get('code');
  const filters: PhotoCheckFilters = {
    state: isState(state) ? state : 'open',
    ...(isCode(code) ? { code } : {}),
    ...(params.get('class') ? { class: params.get('class')! } : {}),
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const update = (changes: Record<string, string | number | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        // Another filter starts at the first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { filters, page, update };
}

/**
 * Photo Checks: the project's photos the computer flagged (or marked for a retake), with their
 * flags and the auto crop drawn on each, filtered by list, flag and class; a person decides only these.
 */
export function PhotoChecksPage() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const can = useCan();
  const project = useProject(projectId);
  const { filters, page, update } = useReviewParams();
  const checks = usePhotoChecks(projectId, filters, page);
  const classes = useClassOptions(projectId);
  const filtered = filters.code !== undefined || filters.class !== undefined;

  if (can.ready && !can('photo-check.list')) {
    return (
      <Page title={t('photo-checks.title')}>
        <EmptyState message={t('photo-checks.not-allowed')} />
      </Page>
    );
  }
  return (
    <Page title={t('photo-checks.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('photo-checks.intro')}
      </Typography>
      <Box
        role="search"
        aria-label={t('photo-checks.filters.label')}
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}
      >
        <TextField
          select
          size="small"
          label={t('photo-checks.filters.state')}
          value={filters.state}
          onChange={(event) => update({ state: event.target.value === 'open' ? null : event.target.value })}
          sx={{ minWidth: 180 }}
        >
          {CHECK_STATES.map((state) => (
            <MenuItem key={state} value={state}>
              {t(`photo-checks.state.${state}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('photo-checks.filters.flag')}
          value={filters.code ?? ''}
          onChange={(event) => update({ code: event.target.value })}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('photo-checks.filters.any-flag')}</MenuItem>
          {CHECK_CODES.map((code) => (
            <MenuItem key={code} value={code}>
              {t(`photo-checks.codes.${code}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('photo-checks.filters.class')}
          value={filters.class ?? ''}
          onChange={(event) => update({ class: event.target.value })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('photo-checks.filters.any-class')}</MenuItem>
          {/* A class in the address that the sample has not seen still shows as chosen. */}
          {[...new Set([...classes, ...(filters.class ? [filters.class] : [])])].map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <QueryState
        query={checks}
        errorMessage={t('photo-checks.load-failed')}
        isEmpty={(data) => data.photo_checks.length === 0}
        emptyMessage={filtered ? t('photo-checks.empty-filtered') : t('photo-checks.empty')}
      >
        {(data) => (
          <SubjectGrid
            label={t('photo-checks.grid-label')}
            meta={data.meta}
            onPage={(next) => update({ page: next })}
            placeholder={checks.isPlaceholderData}
            announceBusy
            testId="photo-checks-grid"
          >
            {data.photo_checks.map((check) => (
              <PhotoCheckCard key={check.photo_id} check={check} projectId={projectId} />
            ))}
          </SubjectGrid>
        )}
      </QueryState>
      {project.data && can('photo-check.auto-crops') && can('project.update') && (
        <Box sx={{ mt: 4 }}>
          <HeadSizeRuleForm project={project.data} />
        </Box>
      )}
    </Page>
  );
}
